import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig, type Address } from '@/config/env';
import { getChainTime, type StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { planClaim, planStake, planUnstake } from '@/features/staking/tx/plan';
import { showAlert } from '@/lib/alerts';
import { useChainSession } from '@/lib/tx/chain-session';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { MAX_STAKING_TOKEN_ID } from '@/lib/chain/contracts/staking';
import { getReadProvider } from '@/lib/chain/provider';
import { estimateTotalRewards } from '@/lib/chain/staking-math';
import { useChainAction, WRONG_NETWORK, type ChainActionState } from '@/lib/tx/use-chain-action';
import { sameAddress } from '@/lib/format/address';
import { queryKeys } from '@/lib/query/keys';

export type StakingActionKind = 'stake' | 'claim' | 'unstake';

const tokensOf = (positions: readonly StakedPosition[]) =>
  positions.map((position) => ({ pid: position.pid, tokenId: position.tokenId }));

/**
 * Stake, Claim Rewards and Unstake through the one transaction path (spec §4 "Staking flow"):
 * the blocking wait while it runs, then the spec's 'Success!' dialog and both lists refreshed, or
 * 'Oops!' 'Something went wrong..' (with what went wrong: a revert's reason, an unreachable
 * node). A rejection in the wallet only closes the wait. Claim and Unstake take several tokens
 * at once: the contract takes arrays, so a selection is one transaction.
 */
export function useStakingActions() {
  const { t } = useTranslation('staking');
  const { t: tx } = useTranslation('tx');
  const action = useChainAction();
  const session = useChainSession();
  const kind = useRef<StakingActionKind>('stake');
  const { state, reset } = action;

  useEffect(() => {
    const { phase } = state;
    if (phase === 'confirmed') {
      reset();
      void showAlert({ icon: 'success', title: t('alert.success'), text: t(`alert.${kind.current}`) });
    } else if (phase === 'failed') {
      reset();
      void showAlert({
        icon: 'error',
        title: t('alert.oops'),
        text: `${t('alert.error')} ${failureDetail(state, tx)}`,
      });
    } else if (phase === 'blocked') {
      reset();
      const chain = getConfig().chainName;
      const problem = state.problem === WRONG_NETWORK ? tx('wrongNetwork', { chain }) : (state.problem ?? '');
      void showAlert({ icon: 'warning', title: t('alert.oops'), text: problem });
    } else if (phase === 'rejected') {
      reset(); // declined in the wallet: not an error, the wait just closes
    }
  }, [state, reset, t, tx]);

  const refresh = (account: Address) => [queryKeys.chain.staking(account), queryKeys.indexer.walletNftLists(account)];

  const stake = (nft: StakeableNft) => {
    const config = getConfig();
    const account = session.account;
    kind.current = 'stake';
    const name = `${nft.collectionName ?? ''}#${nft.tokenId.toString()}`;
    return action.start({
      title: t('job.stake', { name }),
      preflight: async ({ account: owner }) => {
        if (nft.tokenId > MAX_STAKING_TOKEN_ID) return t('problem.tokenId');
        const current = await findOwnerOf(getReadProvider(), nft.contract, nft.tokenId);
        return sameAddress(current, owner) ? null : t('problem.notOwner', { name });
      },
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
      preflight: async () => {
        const now = BigInt(await getChainTime());
        const due = positions.reduce((sum, p) => sum + estimateTotalRewards(p.stakedAt, p.rewardsPerDay, now), 0n);
        return due > 0n ? null : t('problem.nothingToClaim');
      },
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
      plan: ({ signer }) =>
        Promise.resolve(planUnstake(signer, { staking: config.addresses.staking, tokens: tokensOf(positions) })),
      invalidate: account ? refresh(account) : [queryKeys.chain.all, queryKeys.indexer.all],
    });
  };

  return { state: action.state, busy: action.busy, stake, claim, unstake };
}

/** What went wrong, in the shared transaction words: a revert (with its reason), the node, or else. */
function failureDetail(state: ChainActionState, tx: (key: string, options?: Record<string, unknown>) => string) {
  const error = state.error;
  const sent = state.steps.some((step) => step.state.status === 'failed' && 'hash' in step.state && step.state.hash);
  if (sent) return tx('stillPending');
  if (!error) return '';
  if (error.kind === 'reverted') {
    return error.details.reason ? tx('reverted', { reason: error.details.reason }) : tx('revertedNoReason');
  }
  if (error.kind === 'network') return tx('network');
  return tx('unknown', { message: error.message });
}
