import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { releaseAction } from '@/features/profile/tx/actions';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { Nft } from '@/lib/cms/types';
import { useSession } from '@/lib/session/use-session';

/** Take a listed NFT off the market through the shared action path (the flow: ../tx/). */
export function useRelease(nft: Nft) {
  const { t, i18n } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();

  const start = () =>
    action.start(releaseAction(nft, { config: getConfig(), t, language: i18n.language, user: user ?? null }));

  return { ...action, start };
}
