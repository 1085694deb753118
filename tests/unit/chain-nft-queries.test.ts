/**
 * The browsing screens' chain reads: one shared fetchMarketItems per page and ownerOf per token.
 * MSW plays the JSON-RPC node at the configured RPC URL (.env.test), answering eth_call with
 * ABI-encoded results, so the real provider and contract modules run end to end.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { Interface, getAddress } from 'ethers';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Address } from '@/config/env';
import { isListedOnMarket, useMarketItems } from '@/features/nfts/api/get-market-items';
import { useTokenOwner } from '@/features/nfts/api/get-token-owner';
import { MARKETPLACE_ABI, type MarketItem } from '@/lib/chain/contracts/marketplace';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { KNOWN_ERRORS_ABI } from '@/lib/tx/revert-reason';
import { server } from '../msw/server';

const RPC_URL = 'http://rpc.test';
const MARKETPLACE = '0x1000000000000000000000000000000000000003';
const COLLECTION_A = getAddress('0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa') as Address;
const COLLECTION_B = getAddress('0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb') as Address;
const SELLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ZERO = '0x0000000000000000000000000000000000000000';

const market = new Interface(MARKETPLACE_ABI);
const nft = new Interface(NFT_COLLECTION_ABI);
const errors = new Interface(KNOWN_ERRORS_ABI);

const ITEMS: MarketItem[] = [
  { itemId: 1n, nftContract: COLLECTION_A, tokenId: 2n, seller: SELLER, owner: ZERO, price: 30_000_000n, sold: false },
  { itemId: 3n, nftContract: COLLECTION_B, tokenId: 5n, seller: SELLER, owner: ZERO, price: 12_500_000n, sold: false },
];

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string?];
}

/** A JSON-RPC node: `answer` maps one eth_call to a result or an error object. */
function rpcNode(
  answer: (
    to: string,
    data: string,
  ) => { result: string } | { error: { code: number; message: string; data?: string } },
) {
  const calls: { to: string; selector: string }[] = [];
  server.use(
    http.post(RPC_URL, async ({ request }) => {
      const body = (await request.json()) as RpcRequest | RpcRequest[];
      const one = (req: RpcRequest) => {
        if (req.method !== 'eth_call')
          return { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: `unexpected ${req.method}` } };
        const { to, data } = req.params[0];
        calls.push({ to: to.toLowerCase(), selector: data.slice(0, 10) });
        return { jsonrpc: '2.0', id: req.id, ...answer(to, data) };
      };
      return HttpResponse.json(Array.isArray(body) ? body.map(one) : one(body));
    }),
  );
  return calls;
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

describe('isListedOnMarket', () => {
  it('matches contract (case-insensitive) AND token id', () => {
    expect(isListedOnMarket(ITEMS, COLLECTION_A.toLowerCase(), 2)).toBe(true);
    expect(isListedOnMarket(ITEMS, COLLECTION_B.toUpperCase().replace('0X', '0x'), '5')).toBe(true);
    expect(isListedOnMarket(ITEMS, COLLECTION_A, 2n)).toBe(true);
  });

  it('does not mark a card Buy for the same token id in another collection', () => {
    expect(isListedOnMarket(ITEMS, COLLECTION_B, 2)).toBe(false);
    expect(isListedOnMarket(ITEMS, COLLECTION_A, 5)).toBe(false);
  });

  it('is false without items, contract or a valid token id', () => {
    expect(isListedOnMarket(undefined, COLLECTION_A, 2)).toBe(false);
    expect(isListedOnMarket(ITEMS, null, 2)).toBe(false);
    expect(isListedOnMarket(ITEMS, COLLECTION_A, null)).toBe(false);
    expect(isListedOnMarket(ITEMS, COLLECTION_A, 'two')).toBe(false);
  });
});

describe('useMarketItems', () => {
  it('reads fetchMarketItems from the marketplace once for every consumer on the page', async () => {
    const calls = rpcNode(() => ({
      result: market.encodeFunctionResult('fetchMarketItems', [
        ITEMS.map((i) => [i.itemId, i.nftContract, i.tokenId, i.seller, i.owner, i.price, i.sold]),
      ]),
    }));
    const Wrapper = wrapper();
    const { result } = renderHook(() => [useMarketItems(), useMarketItems()] as const, { wrapper: Wrapper });
    await waitFor(() => expect(result.current[0].isSuccess).toBe(true));
    expect(result.current[0].data).toEqual(ITEMS);
    expect(result.current[1].data).toBe(result.current[0].data);
    expect(calls).toEqual([{ to: MARKETPLACE, selector: '0x0f08efe0' }]);
  });
});

describe('useTokenOwner', () => {
  const existing = (data: string) => nft.decodeFunctionData('ownerOf', data)[0] === 1n;

  function ownerNode() {
    return rpcNode((_to, data) =>
      existing(data)
        ? { result: nft.encodeFunctionResult('ownerOf', [MARKETPLACE]) }
        : {
            error: {
              code: 3,
              message: 'execution reverted',
              data: errors.encodeErrorResult('ERC721NonexistentToken', [9n]),
            },
          },
    );
  }

  it('reads ownerOf of the token', async () => {
    const calls = ownerNode();
    const { result } = renderHook(() => useTokenOwner(COLLECTION_A, 1), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe(MARKETPLACE);
    expect(calls).toEqual([{ to: COLLECTION_A.toLowerCase(), selector: '0x6352211e' }]);
  });

  it('is null when the token does not exist (ownerOf reverts)', async () => {
    ownerNode();
    const { result } = renderHook(() => useTokenOwner(COLLECTION_A, '9'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('waits until both the contract and the token id are known', () => {
    const calls = ownerNode();
    const { result } = renderHook(() => useTokenOwner(undefined, 1), { wrapper: wrapper() });
    const { result: noToken } = renderHook(() => useTokenOwner(COLLECTION_A, null), { wrapper: wrapper() });
    expect(result.current.fetchStatus).toBe('idle');
    expect(noToken.current.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('reports an unreachable node as an error, not as "no owner"', async () => {
    server.use(http.post(RPC_URL, () => new HttpResponse(null, { status: 503 })));
    const { result } = renderHook(() => useTokenOwner(COLLECTION_B, 3), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 10_000 });
    expect(result.current.data).toBeUndefined();
  });
});
