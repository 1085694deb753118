/**
 * A JSON-RPC node for the browsing screens' tests: MSW answers eth_call at the test RPC URL
 * (.env.test) for the marketplace's fetchMarketItems and collections' ownerOf, with ABI-encoded
 * results, so the real provider and contract modules run. It counts the calls it answers.
 */
import { Interface, ZeroAddress } from 'ethers';
import { http, HttpResponse } from 'msw';
import { MARKETPLACE_ABI } from '@/lib/chain/contracts/marketplace';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { server } from '../msw/server';
import { historyAnswer, type HistoryLog } from './history-node';

export const RPC_URL = 'http://rpc.test';
export const MARKETPLACE = '0x1000000000000000000000000000000000000003';
/** Contract addresses of the default CMS catalogue's collections 1 and 2. */
export const COLLECTION_1 = '0x3000000000000000000000000000000000000001';
export const COLLECTION_2 = '0x3000000000000000000000000000000000000002';

const market = new Interface(MARKETPLACE_ABI);
const nft = new Interface(NFT_COLLECTION_ABI);

export interface Listing {
  nftContract: string;
  tokenId: bigint;
  /** USDT base units; 1 USDT when left out. */
  price?: bigint;
}

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string?];
}

export function chainNode({
  listings = [],
  owners = {},
  costs = {},
  down = false,
  logs = [],
}: {
  listings?: Listing[];
  /** Event logs the history reads see (eth_getLogs, receipts). */
  logs?: HistoryLog[];
  owners?: Record<string, string>;
  /** Mint cost (`cost()`) by lower-case collection address, USDT base units. */
  costs?: Record<string, bigint>;
  down?: boolean;
} = {}) {
  const calls = {
    marketItems: 0,
    ownerOf: 0,
    /** While true the node answers 503, as an RPC endpoint that is down. */
    down,
  };
  const items = listings.map((listing, index) => [
    BigInt(index + 1),
    listing.nftContract,
    listing.tokenId,
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ZeroAddress,
    listing.price ?? 1_000_000n,
    false,
  ]);
  const answer = (request: RpcRequest) => {
    const base = { jsonrpc: '2.0', id: request.id };
    if (request.method !== 'eth_call') {
      const history = historyAnswer(request.method, request.params, logs);
      if (history) return { ...base, ...history };
      return { ...base, error: { code: -32601, message: `unexpected ${request.method}` } };
    }
    const { to, data } = request.params[0];
    if (to.toLowerCase() === MARKETPLACE.toLowerCase()) {
      calls.marketItems += 1;
      return { ...base, result: market.encodeFunctionResult('fetchMarketItems', [items]) };
    }
    const call = nft.parseTransaction({ data });
    if (call?.name === 'cost') {
      const cost = costs[to.toLowerCase()];
      if (cost === undefined) return { ...base, error: { code: 3, message: 'execution reverted', data: '0x' } };
      return { ...base, result: nft.encodeFunctionResult('cost', [cost]) };
    }
    if (call?.name === 'supportsInterface')
      return { ...base, result: nft.encodeFunctionResult('supportsInterface', [false]) };
    calls.ownerOf += 1;
    const [tokenId] = nft.decodeFunctionData('ownerOf', data) as unknown as [bigint];
    const owner = owners[`${to.toLowerCase()}:${tokenId}`];
    // An unknown token reverts, as ownerOf does for unminted tokens.
    if (!owner) return { ...base, error: { code: 3, message: 'execution reverted', data: '0x' } };
    return { ...base, result: nft.encodeFunctionResult('ownerOf', [owner]) };
  };
  server.use(
    http.post(RPC_URL, async ({ request }) => {
      if (calls.down) return new HttpResponse('Service Unavailable', { status: 503 });
      const body = (await request.json()) as RpcRequest | RpcRequest[];
      return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body));
    }),
  );
  return calls;
}

export const ownerKey = (contract: string, tokenId: number | bigint) => `${contract.toLowerCase()}:${tokenId}`;
