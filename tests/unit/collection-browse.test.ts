import { describe, expect, it } from 'vitest';
import {
  arrangeNfts,
  DEFAULT_BROWSE,
  parseBrowse,
  withBrowse,
  withStatuses,
  type BrowseChoice,
  type TokenMarket,
} from '@/features/nfts/hooks/collection-browse';
import type { Nft } from '@/lib/cms/types';

const nft = (tokenId: number, statusId: number | null = null) =>
  ({ id: 100 + tokenId, tokenId, status: statusId === null ? null : { id: statusId, label: `s${statusId}` } }) as Nft;

const params = (query: string) => new URLSearchParams(query);

/** The collection grid's choice in the URL and the order it gives (issue 40.3). */
describe('parseBrowse', () => {
  it('reads search, statuses, order and Buy now only', () => {
    expect(parseBrowse(params('q=%20Bloom%20&status=3,1,3&sort=price-desc&buy=1'))).toEqual({
      search: 'Bloom',
      statuses: [1, 3],
      sort: 'price-desc',
      buyNow: true,
    });
  });

  it.each([
    ['sort=cheapest', { sort: 'token' }],
    ['sort=', { sort: 'token' }],
    ['status=1,x', { statuses: [] }],
    ['status=-1', { statuses: [] }],
    ['status=1e3', { statuses: [] }],
    ['status=,', { statuses: [] }],
    [`status=${Array.from({ length: 30 }, (_, i) => i + 1).join(',')}`, { statuses: [] }],
    ['buy=true', { buyNow: false }],
    [`q=${'a'.repeat(101)}`, { search: '' }],
    ['%E0%A4%A=1&sort=recent', { sort: 'recent' }],
  ])('a malformed value falls back to its default: %s', (query, expected) => {
    expect(parseBrowse(params(query))).toEqual({ ...DEFAULT_BROWSE, ...expected });
  });
});

describe('withBrowse', () => {
  it('writes only what differs from the default and keeps other params', () => {
    const next = withBrowse(params('ref=home&sort=recent'), { ...DEFAULT_BROWSE, statuses: [3, 1], buyNow: true });
    expect(next.toString()).toBe('ref=home&status=1%2C3&buy=1');
    expect(withBrowse(params('q=x&buy=1'), DEFAULT_BROWSE).toString()).toBe('');
  });

  it('round-trips through parseBrowse', () => {
    const choice: BrowseChoice = { search: 'Desert #3', statuses: [2], sort: 'price-asc', buyNow: true };
    expect(parseBrowse(withBrowse(params(''), choice))).toEqual(choice);
  });
});

describe('arrangeNfts', () => {
  const list = [nft(1), nft(2), nft(3), nft(4), nft(5)];
  const facts: Record<number, TokenMarket> = {
    1: { listed: false, price: null, itemId: null },
    2: { listed: true, price: 8_000_000n, itemId: 4n },
    3: { listed: false, price: 5_000_000n, itemId: null },
    4: { listed: true, price: 2_500_000n, itemId: 9n },
    5: { listed: true, price: 8_000_000n, itemId: 2n },
  };
  const marketOf = (item: Nft) => facts[item.tokenId]!;
  const ids = (nfts: Nft[]) => nfts.map((item) => item.tokenId);

  it('keeps token order by default', () => {
    expect(ids(arrangeNfts(list, { sort: 'token', buyNow: false }, marketOf))).toEqual([1, 2, 3, 4, 5]);
  });

  it('orders by the shown price, low or high, ties by token id, the unpriced last', () => {
    expect(ids(arrangeNfts(list, { sort: 'price-asc', buyNow: false }, marketOf))).toEqual([4, 3, 2, 5, 1]);
    expect(ids(arrangeNfts(list, { sort: 'price-desc', buyNow: false }, marketOf))).toEqual([2, 5, 3, 4, 1]);
  });

  it('orders by the newest listing (highest item id), the unlisted after in token order', () => {
    expect(ids(arrangeNfts(list, { sort: 'recent', buyNow: false }, marketOf))).toEqual([4, 2, 5, 1, 3]);
  });

  it('Buy now only keeps the listed tokens, whatever their price, in the chosen order', () => {
    expect(ids(arrangeNfts(list, { sort: 'token', buyNow: true }, marketOf))).toEqual([2, 4, 5]);
    expect(ids(arrangeNfts(list, { sort: 'price-asc', buyNow: true }, marketOf))).toEqual([4, 2, 5]);
  });
});

describe('withStatuses', () => {
  it('keeps the ticked statuses of search results, all when none is ticked', () => {
    const found = [nft(1, 2), nft(2, 3), nft(3)];
    expect(withStatuses(found, [])).toBe(found);
    expect(withStatuses(found, [3]).map((item) => item.tokenId)).toEqual([2]);
  });
});
