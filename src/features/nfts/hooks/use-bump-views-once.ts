import { useEffect, useRef } from 'react';
import { useBumpNftViews } from '@/features/nfts/api/bump-nft-views';
import type { Nft } from '@/lib/cms/types';

/**
 * Counts one visit per NFT page visit (backend.md §5.3 #12): one PUT of loaded views + 1, once
 * the item has loaded. The ref remembers which id was counted, so StrictMode's second effect
 * run, refetches of the item (new views value) and re-renders do not count again; opening
 * another NFT is a new visit.
 */
export function useBumpViewsOnce(nft: Nft | undefined) {
  const { mutate } = useBumpNftViews();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!nft || counted.current === nft.id) return;
    counted.current = nft.id;
    mutate({ id: nft.id, views: nft.views });
  }, [nft, mutate]);
}
