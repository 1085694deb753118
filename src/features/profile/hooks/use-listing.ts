import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { listingAction } from '@/features/profile/tx/actions';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { useSession } from '@/lib/session/use-session';

/** List one of the wallet's NFTs at `price` (USDT base units) through the shared action path (the flow: ../tx/). */
export function useListing(nft: IndexedNft) {
  const { t, i18n } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();

  const start = (price: bigint) =>
    action.start(listingAction(nft, price, { config: getConfig(), t, language: i18n.language, user: user ?? null }));

  return { ...action, start };
}
