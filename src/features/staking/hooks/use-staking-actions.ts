import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig, type Address } from '@/config/env';
import type { StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { stakingRevertKey } from '@/features/staking/components/revert-messages';
import { planClaim, planStake, planUnstake } from '@/features/staking/tx/plan';
import { checkClaim, checkStake, checkUnstake } from '@/features/staking/tx/preflight';
import { showAlert } from '@/lib/alerts';
import { naturaReceivedIn } from '@/lib/chain/contracts/natura';
import { getReadProvider } from '@/lib/chain/provider';
import { useChainSession } from '@/lib/tx/chain-session';
import { useChainAction, WRONG_NETWORK, type ChainActionState } from '@/lib/tx/use-chain-action';
import { NATURA_DECIMALS, formatAmount } from '@/lib/format/numbers';
import { NATURA_USD_PRICE_KEY, naturaUsdSuffix } from '@/lib/hooks/use-natura-price';
import { queryKeys } from '@/lib/query/keys';

export type StakingActionKind = 'stake' | 'claim' | 'unstake';

const tokensOf = (positions: readonly StakedPosition[]) =>
  positions.map((position) => ({ pid: position.pid, tokenId: position.tokenId }));

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
      const amount =
        paid === null ? null : formatAmount(paid, NATURA_DECIMALS, { places: 'exact', grouping: true }, i18n.language);
      // The amount's "≈ $" at the Natura price the page already shows (its rewards' "≈ $"), when it has one.
      const usd =
        paid === null
          ? ''
          : naturaUsdSuffix(paid, queryClient.getQueryData<bigint>(NATURA_USD_PRICE_KEY), i18n.language);
      const text = t(`alert.${kind.current}`) + (amount === null ? '' : ` ${t('alert.paid', { amount, usd })}`);
      void showAlert({ icon: 'success', title: t('alert.success'), text });
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
  }, [state, reset, t, tx, session.account, i18n.language, queryClient]);

  const checks = (account: Address) => ({
    runner: getReadProvider(),
    addresses: getConfig().addresses,
    account,
    t,
    language: i18n.language,
  });

  const refresh = (account: Address) => [queryKeys.chain.staking(account), queryKeys.indexer.walletNftLists(account)];

  const stake = (nft: StakeableNft) => {
    const config = getConfig();
    const account = session.account;
    kind.current = 'stake';
    const name = `${nft.collectionName ?? ''}#${nft.tokenId.toString()}`;
    return action.start({
      title: t('job.stake', { name }),
      preflight: ({ account: owner }) => checkStake(checks(owner), nft),
      // Again right before stake() is handed to the wallet, after the NFT approval was mined: still the account's.
      recheck: ({ account: owner }) => checkStake(checks(owner), nft),
      plan: ({ signer }) =>
        planStake(signer, {
          staking: config.addresses.staking,
          collection: nft.contract,
          pid: nft.pid,
          tokenId: nft.tokenId,
        }),
      invalidate: account ? refresh(account) : [queryKeys.chain.all, queryKeys.indexer.all],
    });
  };

  const claim = (positions: readonly StakedPosition[]) => {
    const config = getConfig();
    const account = session.account;
    kind.current = 'claim';
    return action.start({
      title: t('job.claim', { count: positions.length }),
      preflight: ({ account: staker }) => checkClaim(checks(staker), positions),
      plan: ({ signer }) =>
        Promise.resolve(planClaim(signer, { staking: config.addresses.staking, tokens: tokensOf(positions) })),
      invalidate: account ? refresh(account) : [queryKeys.chain.all, queryKeys.indexer.all],
    });
  };

  const unstake = (positions: readonly StakedPosition[]) => {
    const config = getConfig();
    const account = session.account;
    kind.current = 'unstake';
    return action.start({
      title: t('job.unstake', { count: positions.length }),
      preflight: ({ account: staker }) => checkUnstake(checks(staker), positions),
      plan: ({ signer }) =>
        Promise.resolve(planUnstake(signer, { staking: config.addresses.staking, tokens: tokensOf(positions) })),
      invalidate: account ? refresh(account) : [queryKeys.chain.all, queryKeys.indexer.all],
    });
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
