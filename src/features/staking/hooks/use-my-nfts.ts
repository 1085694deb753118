import { useState } from 'react';
import type { Address } from '@/config/env';
import { useStakeableNfts } from '@/features/staking/api/get-stakeable-nfts';

/**
 * MY NFTS paging (deployed-system.md §I2.2): the page at `cursor` replaces the list. Next moves to the
 * cursor the page returned and scrolls up; it is disabled on an empty page or when the page was
 * the last one (null cursor: never a silent jump back to page 1). Reset returns to page 1.
 */
export function useMyNfts(account: Address | null) {
  const [cursor, setCursor] = useState<string | null>(null);
  const query = useStakeableNfts(account, cursor);
  const page = query.data;
  const canNext = Boolean(page && !query.isPlaceholderData && page.items.length > 0 && page.cursor);
  return {
    query,
    firstPage: cursor === null,
    canNext,
    next: () => {
      if (!page?.cursor) return;
      setCursor(page.cursor);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    reset: () => setCursor(null),
  };
}
