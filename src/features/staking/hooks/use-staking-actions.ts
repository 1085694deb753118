import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { NATURA_DECIMALS } from '@/config/tokens';
import type { StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { stakingRevertKey } from '@/features/staking/components/revert-messages';
import { claimAction, stakeAction, unstakeAction } from '@/features/staking/tx/actions';
import { naturaToken } from '@/components/add-natura-button';
import { showAlert } from '@/lib/alerts';
import { naturaReceivedIn } from '@/lib/chain/contracts/natura';
import { useChainSession } from '@/lib/tx/chain-session';
import { useChainAction, WRONG_NETWORK, type ChainActionState } from '@/lib/tx/use-chain-action';
import { displayAmount } from '@/lib/format/numbers';
import { NATURA_USD_PRICE_KEY, naturaUsdSuffix } from '@/lib/hooks/use-natura-price';

export type StakingActionKind = 'stake' | 'claim' | 'unstake';

/**
 * Stake, Claim Rewards and Unstake through the one transaction path (deployed-system.md §P4.7):
 * the blocking wait while it runs, then the spec's 'Success!' dialog and both lists refreshed, or
 * 'Oops!' 'Something went wrong..' with what went wrong in the user's words (staking revert
 * strings mapped, never a raw "ERC20: …"). A rejection in the wallet only closes the wait. Claim
 * and Unstake take several tokens at once: the contract takes arrays, so a selection is one
 * transaction. The checks before any prompt (totalSupply, reward pool) are in tx/preflight.ts.
 */
export function useStakingActions() {
  const { t, i18n } = useTranslation('staking');
  const { t: tx } = useTranslation('tx');
  const action = useChainAction();
  const session = useChainSession();
  const kind = useRef<StakingActionKind>('stake');
  const queryClient = useQueryClient();
  const { state, reset } = action;

  useEffect(() => {
    const { phase } = state;
    if (phase === 'confirmed') {
      reset();
      // A claim or unstake pays rewards: the amount is the receipt's Natura transfers to the account (§C9.2).
      const paid =
        kind.current !== 'stake' && state.receipt && session.account
          ? naturaReceivedIn(state.receipt, getConfig().addresses.natura, session.account)
          : null;
      // Rewards with 2 decimals (product-spec.md), the exact wei one tap away under the message.
      const shown = paid === null ? null : displayAmount(paid, NATURA_DECIMALS, 'reward', i18n.language);
      const amount = shown?.text ?? null;
      const detail =
        paid !== null && shown?.rounded
          ? {
              summary: t('amount.exactSummary', { ns: 'common' }),
              body: `${t('amount.exact', { ns: 'common', amount: `${shown.exact} Natura` })}; ${t('amount.baseUnits', { ns: 'common', units: paid.toString() })}`,
            }
          : undefined;
      // The amount's "≈ $" at the Natura price the page already shows (its rewards' "≈ $"), when it has one.
      const usd =
        paid === null
          ? ''
          : naturaUsdSuffix(paid, queryClient.getQueryData<bigint>(NATURA_USD_PRICE_KEY), i18n.language);
      const text = t(`alert.${kind.current}`) + (amount === null ? '' : ` ${t('alert.paid', { amount, usd })}`);
      // Natura just arrived: the wallet can be asked to track it from the same message.
      const watch = paid !== null && paid > 0n ? session.watchToken : undefined;
      void showAlert({
        icon: 'success',
        title: t('alert.success'),
        text,
        detail,
        extra: watch ? t('addNatura.button', { ns: 'common' }) : undefined,
      }).then(async (choice) => {
        if (choice !== 'extra' || !watch) return;
        const token = naturaToken();
        const outcome = await watch(token);
        if (outcome !== 'added')
          await showAlert({ icon: 'info', text: t(`addNatura.${outcome}`, { ns: 'common', address: token.address }) });
      });
    } else if (phase === 'failed') {
      reset();
      void showAlert({
        icon: 'error',
        title: t('alert.oops'),
        text: `${t('alert.error')} ${failureDetail(state, tx, t)}`,
      });
    } else if (phase === 'blocked') {
      reset();
      const chain = getConfig().chainName;
      const problem = state.problem === WRONG_NETWORK ? tx('wrongNetwork', { chain }) : (state.problem ?? '');
      void showAlert({ icon: 'warning', title: t('alert.oops'), text: problem });
    } else if (phase === 'rejected') {
      reset(); // declined in the wallet: not an error, the wait just closes
    }
  }, [state, reset, t, tx, session.account, session.watchToken, i18n.language, queryClient]);

  const context = () => ({ config: getConfig(), t, language: i18n.language, account: session.account ?? null });

  const stake = (nft: StakeableNft) => {
    kind.current = 'stake';
    return action.start(stakeAction(nft, context()));
  };

  const claim = (positions: readonly StakedPosition[]) => {
    kind.current = 'claim';
    return action.start(claimAction(positions, context()));
  };

  const unstake = (positions: readonly StakedPosition[]) => {
    kind.current = 'unstake';
    return action.start(unstakeAction(positions, context()));
  };

  return { state: action.state, busy: action.busy, stake, claim, unstake };
}

/** What went wrong, in the shared transaction words: a revert (with its reason), the node, or else. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

function failureDetail(state: ChainActionState, tx: Translate, t: Translate) {
  const error = state.error;
  const sent = state.steps.some((step) => step.state.status === 'failed' && 'hash' in step.state && step.state.hash);
  if (sent) return tx('stillPending');
  if (!error) return '';
  if (error.kind === 'reverted') {
    const reason = error.details.reason;
    if (!reason) return tx('revertedNoReason');
    const key = stakingRevertKey(reason);
    return key ? t(key) : tx('reverted', { reason });
  }
  if (error.kind === 'network') return tx('network');
  return tx('unknown', { message: error.message });
}
