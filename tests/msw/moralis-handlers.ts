/**
 * A Moralis Web3 Data API v2 stand-in (deployed-system.md §I2) for the integration tests: wallet holdings
 * with cursor paging exactly as Moralis answers today (`total: null`, an opaque `cursor` that is
 * null on the last page), and `POST /nft/getMultipleNFTs` (at most 25 tokens, answered in an
 * order of its own). It records every request so tests can check the query shapes.
 */
import { http, HttpResponse, delay } from 'msw';

export const INDEXER_URL = 'http://indexer.test';
export const INDEXER_KEY = 'test-moralis-key';

export interface MoralisNft {
  token_address: string;
  token_id: string;
  name: string | null;
  symbol?: string | null;
  contract_type: string;
  owner_of: string;
  normalized_metadata: { name: string | null; description: string | null; image: string | null } | null;
}

export interface MoralisRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  apiKey: string | null;
  body?: unknown;
}

/** A Moralis NFT row; `image` undefined = a generated ipfs:// image, null = none. */
export function buildMoralisNft(
  owner: string,
  contract: string,
  tokenId: number | string,
  overrides: { name?: string | null; collectionName?: string | null; image?: string | null; description?: string } = {},
): MoralisNft {
  return {
    token_address: contract.toLowerCase(),
    token_id: String(tokenId),
    name: overrides.collectionName === undefined ? 'Moralis Collection' : overrides.collectionName,
    symbol: 'MC',
    contract_type: 'ERC721',
    owner_of: owner.toLowerCase(),
    normalized_metadata: {
      name: overrides.name === undefined ? `Token #${tokenId}` : overrides.name,
      description: overrides.description ?? null,
      image: overrides.image === undefined ? `ipfs://Qm${tokenId}/image.png` : overrides.image,
    },
  };
}

const encodeCursor = (offset: number) => btoa(JSON.stringify({ offset, nonce: 'moralis' }));
const decodeCursor = (cursor: string) => (cursor ? (JSON.parse(atob(cursor)) as { offset: number }).offset : 0);

export function createMoralisServer() {
  const nfts: MoralisNft[] = [];
  const requests: MoralisRequest[] = [];
  /** getMultipleNFTs requests being answered right now, and the most seen at once. */
  const concurrency = { current: 0, max: 0 };
  const state = { down: false, metadataDelayMs: 0 };

  const handlers = [
    http.post(`${INDEXER_URL}/nft/getMultipleNFTs`, async ({ request }) => {
      const url = new URL(request.url);
      const body = (await request.json()) as { tokens: { token_address: string; token_id: string }[] };
      requests.push({
        method: 'POST',
        path: url.pathname,
        params: url.searchParams,
        apiKey: request.headers.get('X-API-Key'),
        body,
      });
      if (state.down) return new HttpResponse('Service Unavailable', { status: 503 });
      if (request.headers.get('X-API-Key') !== INDEXER_KEY)
        return HttpResponse.json({ message: 'Invalid key' }, { status: 401 });
      if (body.tokens.length > 25) return HttpResponse.json({ message: 'tokens must be at most 25' }, { status: 400 });
      concurrency.current += 1;
      concurrency.max = Math.max(concurrency.max, concurrency.current);
      await delay(state.metadataDelayMs);
      concurrency.current -= 1;
      const found = body.tokens.map(
        (token) =>
          nfts.find(
            (nft) =>
              nft.token_address === token.token_address.toLowerCase() &&
              BigInt(nft.token_id) === BigInt(token.token_id),
          ) ?? null,
      );
      // Moralis gives no order guarantee: answer backwards.
      return HttpResponse.json(found.reverse());
    }),
    http.get(`${INDEXER_URL}/:owner/nft`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push({
        method: 'GET',
        path: url.pathname,
        params: url.searchParams,
        apiKey: request.headers.get('X-API-Key'),
      });
      if (state.down) return new HttpResponse('Service Unavailable', { status: 503 });
      if (request.headers.get('X-API-Key') !== INDEXER_KEY)
        return HttpResponse.json({ message: 'Invalid key' }, { status: 401 });
      const owner = String(params.owner).toLowerCase();
      const filter = url.searchParams.getAll('token_addresses[]').map((address) => address.toLowerCase());
      const held = nfts.filter(
        (nft) => nft.owner_of === owner && (filter.length === 0 || filter.includes(nft.token_address)),
      );
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 100));
      const offset = decodeCursor(url.searchParams.get('cursor') ?? '');
      const next = offset + limit;
      return HttpResponse.json({
        total: null,
        page: Math.floor(offset / limit),
        page_size: limit,
        cursor: next < held.length ? encodeCursor(next) : null,
        result: held.slice(offset, next),
      });
    }),
  ];

  return {
    handlers,
    nfts,
    requests,
    concurrency,
    state,
    add(...rows: MoralisNft[]) {
      nfts.push(...rows);
      return this;
    },
  };
}
