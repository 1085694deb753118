import '@/app/layout/live-chain.css';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@/lib/query/keys';
import { followBlocks } from '@/lib/query/block-follower';

/** The chain reads of the page on screen. */
const activeChainQueries = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ queryKey: queryKeys.chain.all, type: 'active' });

const isHidden = () => document.visibilityState === 'hidden';

/**
 * Live pages (src/lib/query/block-follower.ts): follows new blocks while a page with chain data is visible and
 * refreshes what it shows, and says how fresh those figures are ("Updated 5 s ago"). Mounted once by the layout,
 * loaded after the first paint.
 */
export default function LiveChain() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      followBlocks({
        readBlockNumber: () => import('@/lib/chain/call-runner').then((module) => module.readBlockNumber()),
        hasLiveReads: () => activeChainQueries(queryClient).length > 0,
        refresh: () => void queryClient.invalidateQueries({ queryKey: queryKeys.chain.all, refetchType: 'active' }),
        isHidden,
        onVisibilityChange: (listener) => {
          document.addEventListener('visibilitychange', listener);
          return () => document.removeEventListener('visibilitychange', listener);
        },
      }),
    [queryClient],
  );
  return <Freshness queryClient={queryClient} />;
}

/** "Blockchain figures updated n s ago": the newest answer among the chain reads on screen; nothing without any. */
function Freshness({ queryClient }: { queryClient: QueryClient }) {
  const { t } = useTranslation();
  const updatedAt = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => Math.max(0, ...activeChainQueries(queryClient).map((query) => query.state.dataUpdatedAt)),
  );
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (updatedAt === 0) return;
    const timer = setInterval(() => {
      if (!isHidden()) setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, [updatedAt]);
  if (updatedAt === 0) return null;
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  return <p className="live-chain-freshness">{t('live.updated', { seconds })}</p>;
}
