import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { lowerCaseAddress, parseAddress } from '@/lib/chain/addresses';
import {
  getCollectionName,
  getNftBalance,
  getTokenOfOwnerByIndex,
  getTokenURI,
} from '@/lib/chain/contracts/nft-collection';
import { orNull } from '@/lib/chain/or-null';
import { resolveImageUrl } from '@/lib/indexer/image-url';
import type { IndexedNft, NftIndexer, NftRef, WalletNftsPage, WalletNftsQuery } from '@/lib/indexer/nft-indexer';
import { nftKey } from '@/lib/indexer/refs';

/**
 * The keyless source: the product's own NFT contracts read on chain (ERC-721 Enumerable), the
 * metadata fetched from each token's `tokenURI`. It serves the local stack and users without a
 * Moralis key, with the same shape as the Moralis source.
 *
 * Every round of reads is issued at once, so that ethers' JsonRpcProvider sends it as one JSON-RPC
 * batch: a page costs three HTTP requests to the node (balances, token ids, token URIs + contract
 * names) however many tokens the wallet holds — up to the provider's batch size of 100 calls per
 * request. The cursor is the offset into the wallet's token list (contract order, then the
 * contract's own index order); only the page's tokens have their metadata fetched.
 */

export interface OnChainIndexerOptions {
  /** The read provider (its batching is what keeps the request count flat). */
  runner: ContractRunner;
  /**
   * The contracts a query without `contracts` enumerates: the CMS collections' contracts and the
   * four staking pools. Called once per page.
   */
  knownContracts: () => Promise<readonly string[]>;
  /**
   * When given, the only contracts ever read (the app's trusted collections): any other contract
   * in a query or a ref is left out without a call.
   */
  onlyContracts?: readonly string[];
  ipfsGateway: string;
  /** Fetches a metadata document; default `fetch`. */
  fetch?: typeof fetch;
}

interface TokenMetadata {
  name: string | null;
  description: string | null;
  image: string | null;
}

const NO_METADATA: TokenMetadata = { name: null, description: null, image: null };

function uniqueContracts(addresses: readonly string[]): Address[] {
  const seen = new Set<string>();
  const unique: Address[] = [];
  for (const address of addresses) {
    const contract = parseAddress(address);
    if (!contract || seen.has(contract.toLowerCase())) continue;
    seen.add(contract.toLowerCase());
    unique.push(contract);
  }
  return unique;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export function createOnChainIndexer(options: OnChainIndexerOptions): NftIndexer {
  const { runner, ipfsGateway } = options;
  const only = options.onlyContracts ? new Set(options.onlyContracts.map((a) => a.toLowerCase())) : null;
  const allowed = (contract: string) => !only || only.has(contract.trim().toLowerCase());
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  /** The metadata document of a token; a missing or unreadable document is "no metadata". */
  async function fetchMetadata(tokenUri: string | null): Promise<TokenMetadata> {
    const url = resolveImageUrl(tokenUri, ipfsGateway);
    if (!url || !/^https?:\/\//i.test(url)) return NO_METADATA;
    try {
      const response = await doFetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) return NO_METADATA;
      const body = (await response.json()) as Record<string, unknown> | null;
      if (!body || typeof body !== 'object') return NO_METADATA;
      return {
        name: text(body.name),
        description: text(body.description),
        image: resolveImageUrl(text(body.image), ipfsGateway, url),
      };
    } catch {
      return NO_METADATA;
    }
  }

  /** tokenURI of every ref and name() of every contract in one batch, then the documents in parallel. */
  async function describe(refs: readonly NftRef[]): Promise<(IndexedNft | null)[]> {
    const contracts = uniqueContracts(refs.map((ref) => ref.contract));
    const [uris, names] = await Promise.all([
      Promise.all(refs.map((ref) => orNull(getTokenURI(runner, ref.contract, ref.tokenId)))),
      Promise.all(contracts.map((contract) => orNull(getCollectionName(runner, contract)))),
    ]);
    const nameOf = new Map(contracts.map((contract, index) => [contract.toLowerCase(), text(names[index])]));
    const documents = new Map<string, Promise<TokenMetadata>>();
    const metadata = await Promise.all(
      uris.map((uri) => {
        if (uri === null) return Promise.resolve(NO_METADATA);
        let document = documents.get(uri);
        if (!document) {
          document = fetchMetadata(uri);
          documents.set(uri, document);
        }
        return document;
      }),
    );
    return refs.map((ref, index) =>
      uris[index] === null
        ? null
        : {
            contract: lowerCaseAddress(ref.contract),
            tokenId: ref.tokenId,
            ...(metadata[index] ?? NO_METADATA),
            collectionName: nameOf.get(ref.contract.toLowerCase()) ?? null,
            contractType: 'ERC721',
          },
    );
  }

  /** Every token `owner` holds in `contracts`: one batch of balances, one batch of token ids. */
  async function enumerate(owner: Address, contracts: readonly Address[]): Promise<NftRef[]> {
    const balances = await Promise.all(contracts.map((contract) => orNull(getNftBalance(runner, contract, owner))));
    const slots = contracts.flatMap((contract, index) => {
      const balance = Number(balances[index] ?? 0n);
      return Array.from({ length: balance }, (_, position) => ({ contract, position }));
    });
    const ids = await Promise.all(
      slots.map((slot) => orNull(getTokenOfOwnerByIndex(runner, slot.contract, owner, BigInt(slot.position)))),
    );
    return slots.flatMap((slot, index) => {
      const tokenId = ids[index];
      return tokenId === null || tokenId === undefined ? [] : [{ contract: slot.contract, tokenId }];
    });
  }

  return {
    async getWalletNfts(query: WalletNftsQuery): Promise<WalletNftsPage> {
      const contracts = uniqueContracts(query.contracts ?? (await options.knownContracts())).filter(allowed);
      const refs = await enumerate(query.owner, contracts);
      const offset = Math.max(0, Number.parseInt(query.cursor ?? '', 10) || 0);
      const end = offset + Math.max(1, query.limit);
      const described = await describe(refs.slice(offset, end));
      return {
        items: described.flatMap((nft) => nft ?? []),
        cursor: end < refs.length ? String(end) : null,
      };
    },

    async getNftsMetadata(refs: readonly NftRef[]): Promise<IndexedNft[]> {
      const unique = [
        ...new Map(refs.filter((ref) => allowed(ref.contract)).map((ref) => [nftKey(ref), ref])).values(),
      ];
      const described = await describe(unique);
      const found = new Map(described.flatMap((nft) => (nft ? [[nftKey(nft), nft] as const] : [])));
      return refs.flatMap((ref) => found.get(nftKey(ref)) ?? []);
    },
  };
}
