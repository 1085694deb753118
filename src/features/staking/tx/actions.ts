import type { TFunction } from 'i18next';
import type { Address, AppConfig } from '@/config/env';
import type { StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { claimFlow, stakeFlow, unstakeFlow } from '@/features/staking/tx/flow';
import { planClaim, planStake, planUnstake } from '@/features/staking/tx/plan';
import { checkClaim, checkStake, checkUnstake } from '@/features/staking/tx/preflight';
import { getReadProvider } from '@/lib/chain/provider';
import { queryKeys } from '@/lib/query/keys';
import { problemOr, type ChainAction } from '@/lib/tx/use-chain-action';

interface StakingContext {
  config: AppConfig;
  t: TFunction<'staking'>;
  language: string;
  /** The connected account when the action starts: its lists are refreshed afterwards. */
  account: Address | null;
}

const checks = ({ config, t, language }: StakingContext, account: Address) => ({
  runner: getReadProvider(),
  addresses: config.addresses,
  account,
  t,
  language,
});

const refresh = (account: Address | null) =>
  account
    ? [queryKeys.chain.staking(account), queryKeys.indexer.walletNftLists(account)]
    : [queryKeys.chain.all, queryKeys.indexer.all];

const storedTokens = (positions: readonly StakedPosition[]) =>
  positions.map((position) => ({
    pid: position.pid,
    contract: position.contract,
    tokenId: position.tokenId.toString(),
  }));

const tokensOf = (positions: readonly StakedPosition[]) =>
  positions.map((position) => ({ pid: position.pid, tokenId: position.tokenId }));

/** Stake one NFT (deployed-system.md §P4.7): token id range, owner and pool supply read before any prompt, and again before `stake`. */
export function stakeAction(nft: StakeableNft, context: StakingContext): ChainAction<StakeableNft> {
  return {
    preflight: async ({ account }) => problemOr(await checkStake(checks(context, account), nft), nft),
    // Again right before stake() is handed to the wallet, after the NFT approval was mined: still the account's.
    recheck: ({ account }, terms) => checkStake(checks(context, account), terms),
    plan: ({ signer }, terms) =>
      planStake(signer, {
        staking: context.config.addresses.staking,
        collection: terms.contract,
        pid: terms.pid,
        tokenId: terms.tokenId,
      }),
    action: (_context, terms) =>
      stakeFlow.action({
        name: `${terms.collectionName ?? ''}#${terms.tokenId.toString()}`,
        token: { pid: terms.pid, contract: terms.contract, tokenId: terms.tokenId.toString() },
      }),
    invalidate: refresh(context.account),
  };
}

type Positions = readonly StakedPosition[];

/** A check, a plan and a flow over several staked NFTs: one transaction for all of them. */
function positionsAction(
  positions: Positions,
  context: StakingContext,
  parts: {
    check: typeof checkClaim;
    plan: typeof planClaim;
    flow: typeof claimFlow | typeof unstakeFlow;
  },
): ChainAction<Positions> {
  return {
    preflight: async ({ account }) => problemOr(await parts.check(checks(context, account), positions), positions),
    plan: ({ signer }, terms) =>
      Promise.resolve(parts.plan(signer, { staking: context.config.addresses.staking, tokens: tokensOf(terms) })),
    action: (_context, terms) => parts.flow.action({ tokens: storedTokens(terms) }),
    invalidate: refresh(context.account),
  };
}

/** Claim the rewards of `positions` in one transaction: still staked, something due, reward pool covers it. */
export const claimAction = (positions: Positions, context: StakingContext) =>
  positionsAction(positions, context, { check: checkClaim, plan: planClaim, flow: claimFlow });

/** Unstake `positions` in one transaction: still staked, reward pool covers what it pays. */
export const unstakeAction = (positions: Positions, context: StakingContext) =>
  positionsAction(positions, context, { check: checkUnstake, plan: planUnstake, flow: unstakeFlow });
