import type { Nft } from '@/lib/cms/types';

/**
 * How a collection's grid is browsed (issue 40.3): the spec's search and status filter, an order and "Buy now only".
 * The choice lives in the page's URL (`?q=…&status=1,2&sort=price-asc&buy=1`) so that a shared link and Back bring it
 * back; a value the app did not write falls back to its default instead of failing.
 */
export const BROWSE_SORTS = ['token', 'price-asc', 'price-desc', 'recent'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export interface BrowseChoice {
  /** Trimmed search text; empty = the paged list. */
  search: string;
  /** Ticked status ids, ascending, no repeats; empty = every status. */
  statuses: number[];
  sort: BrowseSort;
  /** Only tokens the marketplace lists now (chain listings, not CMS rows). */
  buyNow: boolean;
}

export const DEFAULT_BROWSE: BrowseChoice = { search: '', statuses: [], sort: 'token', buyNow: false };

/** Longer text is not a name anyone searches for; the CMS would be asked for it on every visit of the link. */
const MAX_SEARCH = 100;
const MAX_STATUSES = 20;

function parseStatuses(value: string | null): number[] {
  if (!value) return [];
  const parts = value.split(',');
  if (parts.length > MAX_STATUSES) return [];
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^[1-9]\d{0,8}$/.test(part)) return [];
    ids.push(Number(part));
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The choice a URL's search params carry; each malformed value is its default. */
export function parseBrowse(params: URLSearchParams): BrowseChoice {
  const search = (params.get('q') ?? '').trim();
  const sort = params.get('sort');
  return {
    search: search.length <= MAX_SEARCH ? search : '',
    statuses: parseStatuses(params.get('status')),
    sort: BROWSE_SORTS.find((known) => known === sort) ?? DEFAULT_BROWSE.sort,
    buyNow: params.get('buy') === '1',
  };
}

/** `current` with the choice written in; defaults are left out, other params are kept. */
export function withBrowse(current: URLSearchParams, choice: BrowseChoice): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['q', 'status', 'sort', 'buy']) next.delete(key);
  if (choice.search) next.set('q', choice.search);
  if (choice.statuses.length > 0) next.set('status', [...choice.statuses].sort((a, b) => a - b).join(','));
  if (choice.sort !== DEFAULT_BROWSE.sort) next.set('sort', choice.sort);
  if (choice.buyNow) next.set('buy', '1');
  return next;
}

/** What the chain says of one card's token: listed now (and its item id), and the price its card shows. */
export interface TokenMarket {
  listed: boolean;
  /** USDT base units the card shows (listing price or mint cost); null = none. */
  price: bigint | null;
  /** The live marketplace item's id (ids grow with each listing), when listed. */
  itemId: bigint | null;
}

const byBigint = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The grid's cards for a choice: "Buy now only" keeps the listed tokens; price orders put the cards with a price first
 * (low or high), the others after; "recently listed" puts the newest listing first, the unlisted after. Ties and the
 * rest keep the order they came in (token id).
 */
export function arrangeNfts(
  nfts: readonly Nft[],
  { sort, buyNow }: Pick<BrowseChoice, 'sort' | 'buyNow'>,
  marketOf: (nft: Nft) => TokenMarket,
): Nft[] {
  const rows = nfts.map((nft, index) => ({ nft, index, market: marketOf(nft) }));
  const kept = buyNow ? rows.filter((row) => row.market.listed) : rows;
  type Row = (typeof rows)[number];
  const key = (row: Row): bigint | null =>
    sort === 'recent' ? row.market.itemId : sort === 'token' ? null : row.market.price;
  const direction = sort === 'price-asc' ? 1 : -1;
  const compare = (a: Row, b: Row) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== null && kb !== null && ka !== kb) return direction * byBigint(ka, kb);
    if (ka !== null && kb === null) return -1;
    if (ka === null && kb !== null) return 1;
    return a.index - b.index;
  };
  return (sort === 'token' ? kept : [...kept].sort(compare)).map((row) => row.nft);
}

/** Search results have no status filter of their own at the CMS: the ticks apply to them here. */
export function withStatuses(nfts: Nft[], statuses: readonly number[]): Nft[] {
  if (statuses.length === 0) return nfts;
  return nfts.filter((nft) => nft.status !== null && statuses.includes(nft.status.id));
}
