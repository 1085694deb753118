import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketItemFor, useMarketItems } from '@/features/nfts/api/get-market-items';
import { mintCostQueryOptions } from '@/features/nfts/api/get-mint-cost';
import { tokenOwnerQueryOptions } from '@/features/nfts/api/get-token-owner';
import type { Address } from '@/config/env';
import type { Nft } from '@/lib/cms/types';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

/** What one card offers: Buy at the chain's listing price, a mintable token's cost, or no price at all. */
export interface CardOffer {
  /** The marketplace lists this very token now: the label reads Buy. */
  listed: boolean;
  /** USDT base units to show; null shows none (owned, just bought, released: nothing to pay). */
  price: bigint | null;
}

const NOTHING: CardOffer = { listed: false, price: null };

/**
 * The price each card may show (issue 38), from the chain only: a token the marketplace lists now shows its item's
 * price; a token of a trusted collection that the chain says is unminted (`ownerOf` reverts) shows the contract's
 * `cost()`; any other shows none, whatever price its CMS row holds. The CMS status only picks which tokens are worth
 * asking `ownerOf` about (those it calls Mint); it cannot make a price appear. `contract` is the page's collection,
 * for rows that do not name theirs.
 */
export function useCardOffers(nfts: readonly Nft[] | undefined, contract?: string | null) {
  const market = useMarketItems();
  const contractOf = useCallback((nft: Nft) => nft.collection?.contractAddress ?? contract ?? null, [contract]);
  const candidates: { nft: Nft; address: Address }[] = [];
  for (const nft of nfts ?? []) {
    const address = contractOf(nft);
    if (nft.status?.label === 'Mint' && isTrustedCollection(address)) candidates.push({ nft, address });
  }
  const owners = useQueries({
    queries: candidates.map(({ nft, address }) => tokenOwnerQueryOptions(address, nft.tokenId)),
  });
  const trusted = [...new Map(candidates.map(({ address }) => [address.toLowerCase(), address])).values()];
  const costs = useQueries({ queries: trusted.map((address) => mintCostQueryOptions(address)) });
  // Primitive keys, so that the callback (and every memoised card) changes only when an answer does.
  const unmintedKey = candidates
    .filter((_, index) => owners[index]?.isSuccess === true && owners[index].data === null)
    .map(({ nft }) => nft.id)
    .join(',');
  const costKey = trusted.map((address, index) => `${address.toLowerCase()}=${costs[index]?.data ?? ''}`).join(',');
  const items = market.data;
  const offerFor = useCallback(
    (nft: Nft): CardOffer => {
      const item = marketItemFor(items, contractOf(nft), nft.tokenId);
      if (item) return { listed: true, price: item.price };
      if (!unmintedKey.split(',').includes(String(nft.id))) return NOTHING;
      const wanted = `${contractOf(nft)?.toLowerCase() ?? ''}=`;
      const cost = costKey
        .split(',')
        .find((entry) => entry.startsWith(wanted))
        ?.slice(wanted.length);
      return cost ? { listed: false, price: BigInt(cost) } : NOTHING;
    },
    [items, unmintedKey, costKey, contractOf],
  );
  return { market, offerFor };
}
