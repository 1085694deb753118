import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { changePriceAction, listingAction, type LiveListing } from '@/features/profile/tx/actions';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { useSession } from '@/lib/session/use-session';

/**
 * List one of the wallet's NFTs at `price` (USDT base units) through the shared action path (the flow: ../tx/);
 * with `replacing`, the seller's live listing of it is released and the NFT listed again at `price`, one plan.
 */
export function useListing(nft: IndexedNft, replacing?: LiveListing) {
  const { t, i18n } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();

  /** `relist`: list the NFT afresh even with `replacing` (its release was mined, the relist was not). */
  const start = (price: bigint, relist = false) => {
    const context = { config: getConfig(), t, language: i18n.language, user: user ?? null };
    return action.start(
      replacing && !relist ? changePriceAction(nft, replacing, price, context) : listingAction(nft, price, context),
    );
  };

  return { ...action, start };
}
