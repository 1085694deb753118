/**
 * A JSON-RPC node for the dashboard's tests: MSW answers eth_call at the test RPC URL (.env.test)
 * for the Natura, staking, swap and NFT collection getters the dashboard reads, ABI-encoded, so the
 * real provider (and its batching) and contract modules run. It counts HTTP requests and calls,
 * and can fail one getter or the whole node.
 */
import { Interface } from 'ethers';
import { http, HttpResponse } from 'msw';
import { NATURA_ABI } from '@/lib/chain/contracts/natura';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { STAKING_ABI } from '@/lib/chain/contracts/staking';
import { SWAP_ABI } from '@/lib/chain/contracts/swap';
import { MARKETPLACE_ABI } from '@/lib/chain/contracts/marketplace';
import { server } from '../msw/server';
import { historyAnswer, type HistoryLog } from './history-node';

export const RPC_URL = 'http://rpc.test';
/** Addresses of .env.test. */
export const USDT = '0x1000000000000000000000000000000000000001';
export const NATURA = '0x1000000000000000000000000000000000000002';
export const STAKING = '0x1000000000000000000000000000000000000004';
export const SWAP = '0x1000000000000000000000000000000000000006';
export const BURN = '0x000000000000000000000000000000000000dEaD';
export const MARKETPLACE = '0x1000000000000000000000000000000000000003';

export interface OrderSpec {
  owner?: string;
  tokenA: string;
  amountA?: bigint;
  price: bigint;
  orderType?: 'sell' | 'buy';
  status: 0 | 1 | 2;
}

export interface PoolSpec {
  nftAddress: string;
  cost: bigint;
  totalSupply?: bigint;
}

export interface ChainState {
  naturaPrice: bigint;
  burned: bigint;
  bitcoinReserves: bigint;
  goldReserves: bigint;
  miscReserves: bigint;
  rewardsClaimed: bigint;
  orders: OrderSpec[];
  pools: PoolSpec[];
  /** NFT collection contracts by address (any case): maxSupply and cost. Others answer "0x" (no code). */
  collections: Record<string, { maxSupply: bigint; cost: bigint }>;
  /** The marketplace's live items (fetchMarketItems): collection, token id, price in USDT base units. */
  listings: { nftContract: string; tokenId: bigint; price: bigint }[];
  /** Event logs the history reads see (eth_getLogs, receipts). */
  logs: HistoryLog[];
}

const natura = new Interface(NATURA_ABI);
const staking = new Interface(STAKING_ABI);
const swap = new Interface(SWAP_ABI);
const nft = new Interface(NFT_COLLECTION_ABI);
const market = new Interface(MARKETPLACE_ABI);

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string?];
}

type Answer = { result: string } | { error: { code: number; message: string; data?: string } };

export function dashboardChainNode(initial: Partial<ChainState> = {}) {
  const state: ChainState = {
    naturaPrice: 0n,
    burned: 0n,
    bitcoinReserves: 0n,
    goldReserves: 0n,
    miscReserves: 0n,
    rewardsClaimed: 0n,
    orders: [],
    pools: [],
    collections: {},
    listings: [],
    logs: [],
    ...initial,
  };
  const node = {
    state,
    /** HTTP requests received (a JSON-RPC batch is one). */
    requests: 0,
    /** Every eth_call answered, as `<Contract>.<function>`. */
    calls: [] as string[],
    /** Getters (`<Contract>.<function>`) that answer with a node error. */
    failing: new Set<string>(),
    /** While true the node answers 503, as an RPC endpoint that is down. */
    down: false,
  };

  const collection = (to: string) =>
    Object.entries(state.collections).find(([address]) => address.toLowerCase() === to.toLowerCase())?.[1];

  function call(to: string, data: string): { name: string; answer: () => string } {
    const target = to.toLowerCase();
    if (target === NATURA.toLowerCase()) {
      const { name, args } = natura.parseTransaction({ data })!;
      const value = (): bigint => {
        switch (name) {
          case 'getNaturaPrice':
            return state.naturaPrice;
          case 'balanceOf':
            return String(args[0]).toLowerCase() === BURN.toLowerCase() ? state.burned : 0n;
          case '_getBitcoinReserves':
            return state.bitcoinReserves;
          case '_getGoldReserves':
            return state.goldReserves;
          case '_getMiscReserves':
            return state.miscReserves;
          default:
            throw new Error(`the dashboard node does not answer Natura.${name}`);
        }
      };
      return { name: `Natura.${name}`, answer: () => natura.encodeFunctionResult(name, [value()]) };
    }
    if (target === STAKING.toLowerCase()) {
      const { name, args } = staking.parseTransaction({ data })!;
      const answer = () => {
        switch (name) {
          case 'totalRewardsClaimed':
            return staking.encodeFunctionResult(name, [state.rewardsClaimed]);
          case 'poolLength':
            return staking.encodeFunctionResult(name, [state.pools.length]);
          case 'poolInfo': {
            const pool = state.pools[Number(args[0])];
            if (!pool) throw new Error(`no pool ${String(args[0])}`);
            return staking.encodeFunctionResult(name, [pool.nftAddress, pool.cost, pool.totalSupply ?? 0n]);
          }
          default:
            throw new Error(`the dashboard node does not answer Staking.${name}`);
        }
      };
      return { name: `Staking.${name}`, answer };
    }
    if (target === SWAP.toLowerCase()) {
      const { name, args } = swap.parseTransaction({ data })!;
      const orders = state.orders.map((o) => [
        o.owner ?? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        o.tokenA,
        o.amountA ?? 10n ** 18n,
        o.price,
        o.orderType ?? 'sell',
        o.status,
      ]);
      const answer = () => {
        switch (name) {
          case 'getOrders':
            return swap.encodeFunctionResult(name, [orders]);
          case 'ordersCount':
            return swap.encodeFunctionResult(name, [[orders.length]]);
          case 'getOrderById': {
            const order = orders[Number(args[0])];
            if (!order) throw new Error(`no order ${String(args[0])}`);
            return swap.encodeFunctionResult(name, [order]);
          }
          default:
            throw new Error(`the dashboard node does not answer Swap.${name}`);
        }
      };
      return { name: `Swap.${name}`, answer };
    }
    if (target === MARKETPLACE.toLowerCase()) {
      const { name } = market.parseTransaction({ data })!;
      const items = state.listings.map((item, index) => [
        BigInt(index + 1),
        item.nftContract,
        item.tokenId,
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        `0x${'0'.repeat(40)}`,
        item.price,
        false,
      ]);
      return { name: `Marketplace.${name}`, answer: () => market.encodeFunctionResult(name, [items]) };
    }
    const { name } = nft.parseTransaction({ data })!;
    const figures = collection(to);
    return {
      name: `NFT.${name}`,
      answer: () => {
        // An address without code answers an empty result, as a real node does.
        if (!figures) return '0x';
        if (name === 'maxSupply') return nft.encodeFunctionResult(name, [figures.maxSupply]);
        if (name === 'cost') return nft.encodeFunctionResult(name, [figures.cost]);
        throw new Error(`the dashboard node does not answer NFT.${name}`);
      },
    };
  }

  const answer = (request: RpcRequest) => {
    const base = { jsonrpc: '2.0', id: request.id };
    if (request.method !== 'eth_call') {
      const history = historyAnswer(request.method, request.params, state.logs);
      if (history) return { ...base, ...history };
      return { ...base, error: { code: -32601, message: `unexpected ${request.method}` } };
    }
    const { to, data } = request.params[0];
    const { name, answer: result } = call(to, data);
    node.calls.push(name);
    const reply: Answer = node.failing.has(name)
      ? { error: { code: -32603, message: 'internal error' } }
      : { result: result() };
    return { ...base, ...reply };
  };

  server.use(
    http.post(RPC_URL, async ({ request }) => {
      node.requests += 1;
      if (node.down) return new HttpResponse('Service Unavailable', { status: 503 });
      const body = (await request.json()) as RpcRequest | RpcRequest[];
      return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body));
    }),
  );
  return node;
}
