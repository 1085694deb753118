import { useEffect, useRef } from 'react';
import { useBumpNftViews } from '@/features/nfts/api/bump-nft-views';
import type { Nft } from '@/lib/cms/types';
import { useSession } from '@/lib/session/use-session';

/**
 * Counts one visit per NFT page visit (deployed-system.md §B5.3 #12): one PUT of loaded views + 1, once
 * the item has loaded, and only when signed in — the bearer goes along (client interceptor). The
 * CMS lets no anonymous visitor update an NFT (granting that would let anyone rewrite owner and
 * price), so without a session nothing is sent and nothing is logged: such visits are not counted.
 * The ref remembers which id was counted, so StrictMode's second effect run, refetches of the
 * item (new views value) and re-renders do not count again; opening another NFT is a new visit.
 * Signing in on the page counts the visit then.
 */
export function useBumpViewsOnce(nft: Nft | undefined) {
  const { mutate } = useBumpNftViews();
  const { isSignedIn } = useSession();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!nft || !isSignedIn || counted.current === nft.id) return;
    counted.current = nft.id;
    mutate({ id: nft.id, views: nft.views });
  }, [nft, isSignedIn, mutate]);
}
