import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig, type Address } from '@/config/env';
import { getRewardPool, rewardPoolCovers } from '@/features/staking/api/get-reward-pool';
import { getChainTime, type StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { planClaim, planStake, planUnstake } from '@/features/staking/flows';
import { stakingRevertKey } from '@/features/staking/revert-messages';
import { showAlert } from '@/lib/alerts';
import { useChainSession } from '@/lib/chain/chain-session';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { MAX_STAKING_TOKEN_ID, getPoolInfo, getRewardsPerDay, getVaultEntry } from '@/lib/chain/contracts/staking';
import { getReadProvider } from '@/lib/chain/provider';
import { estimateTotalRewards } from '@/lib/chain/staking-math';
import { formatNatura } from '@/lib/format/numbers';
import { useChainAction, WRONG_NETWORK, type ChainActionState } from '@/lib/chain/use-chain-action';
import { sameAddress } from '@/lib/format/address';
import { queryKeys } from '@/lib/query/keys';

export type StakingActionKind = 'stake' | 'claim' | 'unstake';

const tokensOf = (positions: readonly StakedPosition[]) =>
  positions.map((position) => ({ pid: position.pid, tokenId: position.tokenId }));

/**
 * What a claim of `positions` pays if mined now, read fresh from the chain (contracts.md §9.2):
 * whole days since each vault timestamp × the pool's rate of today. Null when a token is no longer
 * staked by `account`.
 */
async function dueNow(positions: readonly StakedPosition[], account: Address): Promise<bigint | null> {
  const runner = getReadProvider();
  const staking = getConfig().addresses.staking;
  const pids = [...new Set(positions.map((p) => p.pid))];
  const [now, entries, rates] = await Promise.all([
    getChainTime(runner),
    Promise.all(positions.map((p) => getVaultEntry(runner, staking, p.pid, p.tokenId))),
    Promise.all(pids.map((pid) => getRewardsPerDay(runner, staking, pid))),
  ]);
  if (entries.some((entry) => !entry.initialized || !sameAddress(entry.owner, account))) return null;
  return positions.reduce((sum, p, index) => {
    const rate = rates[pids.indexOf(p.pid)] ?? 0n;
    return sum + estimateTotalRewards(entries[index]?.timestamp ?? 0n, rate, BigInt(now));
  }, 0n);
}

/**
 * Stake, Claim Rewards and Unstake through the one transaction path (spec §4 "Staking flow"):
 * the blocking wait while it runs, then the spec's 'Success!' dialog and both lists refreshed, or
 * 'Oops!' 'Something went wrong..' with what went wrong in the user's words (staking revert
 * strings mapped, never a raw "ERC20: …"). A rejection in the wallet only closes the wait. Claim
 * and Unstake take several tokens at once: the contract takes arrays, so a selection is one
 * transaction. Pre-flight, before any prompt (contracts.md §9.2): Stake refuses an id above the
 * pool's totalSupply; Claim and Unstake re-read what is due and refuse when the staking owner's
 * Natura balance or allowance (the reward pool) cannot pay it, since the contract would revert both.
 */
export function useStakingActions() {
  const { t, i18n } = useTranslation('staking');
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
  }, [state, reset, t, tx]);

  /** The pool check of claim and unstake: both revert when the owner's wallet cannot pay `due`. */
  const poolProblem = async (key: string, due: bigint): Promise<string | null> => {
    const { addresses } = getConfig();
    const pool = await getRewardPool(getReadProvider(), addresses);
    return rewardPoolCovers(pool, due) ? null : t(key, { amount: formatNatura(due, i18n.language) });
  };

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
        const runner = getReadProvider();
        const [current, pool] = await Promise.all([
          findOwnerOf(runner, nft.contract, nft.tokenId),
          getPoolInfo(runner, config.addresses.staking, nft.pid),
        ]);
        if (!sameAddress(current, owner)) return t('problem.notOwner', { name });
        // §9.2: the helper scans ids 1 … totalSupply only; a token above would vanish from MY STAKED.
        return nft.tokenId > pool.totalSupply
          ? t('problem.aboveSupply', { name, supply: pool.totalSupply.toString() })
          : null;
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
      preflight: async ({ account: staker }) => {
        const due = await dueNow(positions, staker);
        if (due === null) return t('problem.notStaked');
        if (due === 0n) return t('problem.nothingToClaim');
        return poolProblem('problem.poolEmptyClaim', due);
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
      preflight: async ({ account: staker }) => {
        const due = await dueNow(positions, staker);
        if (due === null) return t('problem.notStaked');
        return poolProblem('problem.poolEmptyUnstake', due);
      },
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
