import { z } from 'zod/mini';
import { parseAddress } from '@/lib/chain/addresses';
import { AppError } from '@/lib/errors/app-error';
import { resolveImageUrl } from '@/lib/indexer/image-url';
import type { IndexedNft, NftIndexer, NftRef, WalletNftsPage, WalletNftsQuery } from '@/lib/indexer/nft-indexer';
import { chunk, nftKey } from '@/lib/indexer/refs';

/**
 * The Moralis Web3 Data API v2 source (deployed-system.md §I1–I2), used when an API key is configured.
 * Query shapes are the deployed front end's: `chain`, `format=decimal`, `normalizeMetadata=true`,
 * `token_addresses[]` repeated, the key in `X-API-Key`. Paging follows the returned cursor until
 * it is null (Moralis answers `total: null` nowadays, so a total can never end the paging).
 */

export interface MoralisIndexerOptions {
  /** `https://deep-index.moralis.io/api/v2`, without a trailing slash. */
  baseUrl: string;
  /** Moralis' chain name (`polygon`). */
  chain: string;
  apiKey: string;
  ipfsGateway: string;
  fetch?: typeof fetch;
}

/** Moralis' per-request maximum of getMultipleNFTs. */
const MORALIS_METADATA_BATCH = 25;

const nullableString = z.nullish(z.string());

const wireNft = z.object({
  token_address: z.string(),
  token_id: z.union([z.string(), z.number()]),
  name: nullableString,
  contract_type: nullableString,
  normalized_metadata: z.nullish(
    z.object({ name: nullableString, description: nullableString, image: nullableString }),
  ),
});

const wireWalletPage = z.object({
  result: z.array(wireNft),
  cursor: nullableString,
});

const wireMultiple = z.array(z.nullable(wireNft));

type WireNft = z.infer<typeof wireNft>;

function toIndexedNft(raw: WireNft, gateway: string): IndexedNft | null {
  const contract = parseAddress(raw.token_address.toLowerCase());
  if (!contract) return null;
  let tokenId: bigint;
  try {
    tokenId = BigInt(raw.token_id);
  } catch {
    return null;
  }
  const metadata = raw.normalized_metadata;
  return {
    contract,
    tokenId,
    name: metadata?.name || null,
    collectionName: raw.name || null,
    description: metadata?.description || null,
    image: resolveImageUrl(metadata?.image, gateway),
    contractType: raw.contract_type || 'ERC721',
  };
}

export function createMoralisIndexer(options: MoralisIndexerOptions): NftIndexer {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const headers = { accept: 'application/json', 'X-API-Key': options.apiKey };

  async function request(url: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers: { ...headers, ...init.headers } });
    } catch (error) {
      throw new AppError('network', 'The NFT indexer could not be reached.', { cause: error });
    }
    if (!response.ok) {
      const kind = response.status === 401 ? 'forbidden' : response.status === 404 ? 'not-found' : 'http';
      throw new AppError(kind, `The NFT indexer answered ${response.status}.`, { status: response.status });
    }
    try {
      return (await response.json()) as unknown;
    } catch (error) {
      throw new AppError('invalid-response', 'The NFT indexer answered with unexpected data.', { cause: error });
    }
  }

  function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
    const result = schema.safeParse(body);
    if (!result.success) {
      throw new AppError('invalid-response', 'The NFT indexer answered with unexpected data.', {
        cause: result.error,
      });
    }
    return result.data;
  }

  return {
    async getWalletNfts(query: WalletNftsQuery): Promise<WalletNftsPage> {
      const params = new URLSearchParams({
        chain: options.chain,
        format: 'decimal',
        limit: String(query.limit),
        cursor: query.cursor ?? '',
        normalizeMetadata: 'true',
      });
      for (const contract of query.contracts ?? []) params.append('token_addresses[]', contract);
      const body = parse(wireWalletPage, await request(`${options.baseUrl}/${query.owner}/nft?${params.toString()}`));
      return {
        items: body.result.flatMap((raw) => toIndexedNft(raw, options.ipfsGateway) ?? []),
        cursor: body.cursor || null,
      };
    },

    async getNftsMetadata(refs: readonly NftRef[]): Promise<IndexedNft[]> {
      if (refs.length === 0) return [];
      const url = `${options.baseUrl}/nft/getMultipleNFTs?${new URLSearchParams({ chain: options.chain }).toString()}`;
      const batches = await Promise.all(
        chunk(refs, MORALIS_METADATA_BATCH).map(async (batch) =>
          parse(
            wireMultiple,
            await request(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                tokens: batch.map((ref) => ({ token_address: ref.contract, token_id: ref.tokenId.toString() })),
                normalizeMetadata: true,
              }),
            }),
          ),
        ),
      );
      const found = new Map<string, IndexedNft>();
      for (const raw of batches.flat()) {
        const nft = raw && toIndexedNft(raw, options.ipfsGateway);
        if (nft) found.set(nftKey(nft), nft);
      }
      // Back in the order asked for, matched by contract + token id; unknown tokens are left out.
      return refs.flatMap((ref) => found.get(nftKey(ref)) ?? []);
    },
  };
}
