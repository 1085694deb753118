import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import type { CheckoutMode } from '@/features/checkout/api/terms';
import { purchaseAction } from '@/features/checkout/tx/actions';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { Nft } from '@/lib/cms/types';

/** Mint or buy one NFT through the shared action path (the flow: ../tx/flow.ts and ../tx/actions.ts). */
export function useCheckout(nft: Nft, mode: CheckoutMode) {
  const { t, i18n } = useTranslation('nft');
  const action = useChainAction();

  /** `shownPrice`: the chain price the dialog showed; a different price on chain stops the action. */
  const start = (shownPrice?: bigint) =>
    action.start(purchaseAction({ nft, mode, config: getConfig(), shownPrice, t, language: i18n.language }));

  return { ...action, start };
}
