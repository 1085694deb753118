/**
 * Domain types the app works with, independent of the CMS's wire shapes. The CMS layer
 * (src/lib/cms/parse.ts) turns both Strapi shapes — the standard `{ id, attributes }` and the
 * custom routes' flat objects — into these, once. Prices stored in the CMS as human USDT
 * decimals are converted to bigint base units (6 decimals) at that boundary.
 */

import type { Address } from '@/config/env';

type CollectionStatus = 'Active' | 'Inactive';

export interface Category {
  id: number;
  name: string;
}

export interface NftStatus {
  id: number;
  /** The `Status` label: "Mint", "Buy Now", … */
  label: string;
}

export interface CollectionSocials {
  website: string | null;
  etherscan: string | null;
  discord: string | null;
  twitter: string | null;
  facebook: string | null;
  telegram: string | null;
}

export interface Collection {
  id: number;
  name: string;
  status: CollectionStatus;
  feature: boolean;
  /** Logo / card image. */
  featureImageUrl: string | null;
  /** `srcset` of Strapi's smaller copies of the logo (parse.ts mediaSrcSet); absent when there are none. */
  featureImageSrcSet?: string;
  bannerUrl: string | null;
  bannerSrcSet?: string;
  description: string | null;
  detailLink: string | null;
  socials: CollectionSocials;
  chainId: number | null;
  chainName: string | null;
  /** Null when the row has none, or text that is not an address. */
  contractAddress: Address | null;
  category: Category | null;
  ownerUserId: number | null;
  createdAt: string | null;
  publishedAt: string | null;
}

interface NftProperty {
  id: number;
  property: string;
  value: string;
}

export interface Author {
  id: number;
  username: string;
  social: string | null;
  wallet: string | null;
  followers: number;
  avatarUrl: string | null;
  avatarSrcSet?: string;
  bannerUrl: string | null;
  bannerSrcSet?: string;
}

export interface Nft {
  id: number;
  tokenId: number;
  tokenName: string;
  title: string | null;
  description: string;
  imageUrl: string | null;
  audioUrl: string | null;
  /** USDT base units (6 decimals). */
  price: bigint;
  tokenStandard: string;
  /** Marketplace item id, when listed. */
  itemId: number | null;
  /** e.g. "on_auction". */
  itemType: string | null;
  deadline: string | null;
  status: NftStatus | null;
  owner: string | null;
  likes: number;
  views: number;
  collection: Collection | null;
  props: NftProperty[];
  author: Author | null;
}

export interface Transaction {
  id: number;
  fromAddress: string;
  toAddress: string;
  /** USDT base units (6 decimals). */
  price: bigint;
  description: string;
  publishedAt: string | null;
  /** The collection's id, when the answer populated the relation. */
  collectionId: number | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface UserAvatar {
  id: number;
  fileId: number | null;
  url: string | null;
}

/** The released-Natura figures the admin keeps in the CMS (plain Natura there), in Natura wei. */
export interface NaturaBalances {
  teamReleased: bigint;
  incentiveReleased: bigint;
  rndReleased: bigint;
  reserveReleased: bigint;
}

/** NFT status ids the product hard-codes (deployed-system.md §B2.4). */
export const NFT_STATUS = { mint: 1, listed: 2, owned: 3 } as const;
