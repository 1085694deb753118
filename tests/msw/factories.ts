/**
 * Builders for CMS rows as the in-memory CMS (cms-db.ts) stores them — field names exactly as in
 * the Strapi schemas (deployed-system.md §B2), relations as ids — and for the wire shapes the CMS sends:
 * the standard `{ id, attributes }` shape and the custom routes' flat objects.
 */

export type Id = number;

type Timestamps = {
  createdAt: string;
  updatedAt: string;
  /** null = draft (hidden from standard lists, visible to the custom nft-v1 routes). */
  publishedAt: string | null;
};

export type FileRow = {
  id: Id;
  name: string;
  url: string;
  mime: string;
  ext: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  updatedAt: string;
};

export type CategoryRow = Timestamps & {
  id: Id;
  category: string;
};

export type NftStatusRow = Timestamps & {
  id: Id;
  Status: string;
  Description: string | null;
};

export type CollectionRow = Timestamps & {
  id: Id;
  name: string;
  contract_address: string | null;
  chain_id: number;
  chain_name: string;
  status: 'Active' | 'Inactive';
  feature: boolean;
  desc: string | null;
  detail_link: string | null;
  website: string | null;
  etherscan: string | null;
  discord: string | null;
  twitter: string | null;
  facebook: string | null;
  telegram: string | null;
  users_permissions_user: Id | null;
  category: Id | null;
  banner: Id | null;
  feature_img: Id | null;
};

export type NftRow = Timestamps & {
  id: Id;
  token_name: string;
  owner: string | null;
  views: number;
  /** As the CMS decimal column returns it. */
  price: number | string;
  likes: number;
  description: string;
  token_id: number;
  token_standard: string;
  img_url: string | null;
  item_id: number | null;
  collection: Id | null;
  nft_status: Id | null;
  author: Id | null;
};

export type NftPropRow = Timestamps & {
  id: Id;
  nft_v_1: Id;
  Property: string;
  value: string;
};

export type TransactionRow = Timestamps & {
  id: Id;
  collection: Id | null;
  nft_v_1: Id | null;
  from_address: string;
  to_address: string;
  price: number | string;
  desc: string;
};

export type AuthorRow = Timestamps & {
  id: Id;
  username: string;
  social: string | null;
  wallet: string | null;
  followers: number;
  avatar: Id | null;
  banner: Id | null;
};

export type UserAvatarRow = Timestamps & {
  id: Id;
  avatar: Id | null;
  users_permissions_user: Id | null;
};

export type UserRow = {
  id: Id;
  username: string;
  email: string | null;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  address: string;
  /** Private: the sign-in nonce. */
  token: string | null;
  createdAt: string;
  updatedAt: string;
};

export type NaturaBalanceRow = Timestamps & {
  id: Id;
  team_natura_released: number;
  incentive_program_released: number;
  rnd_release: number;
  reserve_natura_released: number;
};

export const FIXED_DATE = '2024-03-01T10:00:00.000Z';

function stamps(): Timestamps {
  return { createdAt: FIXED_DATE, updatedAt: FIXED_DATE, publishedAt: FIXED_DATE };
}

export function buildFile(overrides: Partial<FileRow> & { id: Id }): FileRow {
  return {
    name: `image-${overrides.id}.png`,
    url: `https://terra-mater.s3.amazonaws.com/image-${overrides.id}.png`,
    mime: 'image/png',
    ext: '.png',
    size: 12.5,
    width: 600,
    height: 600,
    createdAt: FIXED_DATE,
    updatedAt: FIXED_DATE,
    ...overrides,
  };
}

export function buildCategory(overrides: Partial<CategoryRow> & { id: Id }): CategoryRow {
  return { category: `Category ${overrides.id}`, ...stamps(), ...overrides };
}

export function buildNftStatus(overrides: Partial<NftStatusRow> & { id: Id }): NftStatusRow {
  return { Status: `Status ${overrides.id}`, Description: null, ...stamps(), ...overrides };
}

export function buildCollection(overrides: Partial<CollectionRow> & { id: Id }): CollectionRow {
  return {
    name: `Collection ${overrides.id}`,
    contract_address: null,
    chain_id: 137,
    chain_name: 'Polygon Mainnet',
    status: 'Active',
    feature: false,
    desc: `About collection ${overrides.id}`,
    detail_link: null,
    website: null,
    etherscan: null,
    discord: null,
    twitter: null,
    facebook: null,
    telegram: null,
    users_permissions_user: null,
    category: null,
    banner: null,
    feature_img: null,
    ...stamps(),
    ...overrides,
  };
}

export function buildNft(overrides: Partial<NftRow> & { id: Id }): NftRow {
  return {
    token_name: `Token #${overrides.token_id ?? overrides.id}`,
    owner: null,
    views: 0,
    price: 200,
    likes: 0,
    description: `Description of NFT ${overrides.id}`,
    token_id: overrides.id,
    token_standard: 'ERC721',
    img_url: `https://ipfs.test/ipfs/nft-${overrides.id}.png`,
    item_id: null,
    collection: null,
    nft_status: 1,
    author: null,
    ...stamps(),
    ...overrides,
  };
}

export function buildNftProp(overrides: Partial<NftPropRow> & { id: Id; nft_v_1: Id }): NftPropRow {
  return { Property: 'Background', value: 'Green', ...stamps(), ...overrides };
}

export function buildTransaction(overrides: Partial<TransactionRow> & { id: Id }): TransactionRow {
  return {
    collection: null,
    nft_v_1: null,
    from_address: '0x0000000000000000000000000000000000000000',
    to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    price: 200,
    desc: 'Mint',
    ...stamps(),
    ...overrides,
  };
}

export function buildAuthor(overrides: Partial<AuthorRow> & { id: Id }): AuthorRow {
  return {
    username: `author${overrides.id}`,
    social: null,
    wallet: null,
    followers: 0,
    avatar: null,
    banner: null,
    ...stamps(),
    ...overrides,
  };
}

export function buildUserAvatar(overrides: Partial<UserAvatarRow> & { id: Id }): UserAvatarRow {
  return { avatar: null, users_permissions_user: null, ...stamps(), ...overrides };
}

export function buildUser(overrides: Partial<UserRow> & { id: Id; address: string }): UserRow {
  return {
    username: overrides.address,
    email: null,
    provider: 'local',
    confirmed: true,
    blocked: false,
    token: null,
    createdAt: FIXED_DATE,
    updatedAt: FIXED_DATE,
    ...overrides,
  };
}

export function buildNaturaBalance(overrides: Partial<NaturaBalanceRow> & { id: Id }): NaturaBalanceRow {
  return {
    team_natura_released: 0,
    incentive_program_released: 0,
    rnd_release: 0,
    reserve_natura_released: 0,
    ...stamps(),
    ...overrides,
  };
}

/* ---------------------------------------------------------------- wire shapes */

type Row = { id: Id } & Record<string, unknown>;

/** Strapi v4 standard record: `{ id, attributes }`; `relations` are already wire-shaped `{ data }` values. */
export function standardRecord(
  row: Row,
  relations: Record<string, unknown> = {},
  omit: string[] = [],
): {
  id: Id;
  attributes: Record<string, unknown>;
} {
  const { id, ...rest } = row;
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (!omit.includes(key)) attributes[key] = value;
  return { id, attributes: { ...attributes, ...relations } };
}

/** A populated relation or media field in the standard shape. */
export function relationData(record: unknown): { data: unknown } {
  return { data: record ?? null };
}

/** A flat record (custom routes / low-level query engine): relations inlined as objects. */
export function flatRecord(
  row: Row,
  relations: Record<string, unknown> = {},
  omit: string[] = [],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!omit.includes(key)) result[key] = value;
  return { ...result, ...relations };
}

/** A standard list body with page-based pagination. */
export function standardList(records: unknown[], pagination?: Record<string, number>) {
  return {
    data: records,
    meta: {
      pagination: pagination ?? { page: 1, pageSize: 25, pageCount: records.length ? 1 : 0, total: records.length },
    },
  };
}
