import { z } from 'zod/mini';
import { defineFlow } from '@/lib/tx/flow';

/** A token id, stored as a decimal string (JSON has no bigint). */
const decimal = z.string().check(z.regex(/^\d+$/));

const stakedToken = z.object({ pid: z.number(), contract: z.string(), tokenId: decimal });

/** Stake one NFT (deployed-system.md §C5.6): NFT approve to the staking contract when needed, then `stake`. Chain only. */
export const stakeFlow = defineFlow({
  kind: 'stake',
  payload: z.object({ name: z.string(), token: stakedToken }),
  steps: ['approve', 'stake'],
  title: (payload) => ({ key: 'title.stake', values: { name: payload.name } }),
  concerns: (payload) => [{ contract: payload.token.contract, tokenId: payload.token.tokenId }],
});

/** A flow over several staked NFTs at once (the contract takes arrays): one transaction, chain only. */
const positionsFlow = <K extends string>(kind: K) =>
  defineFlow({
    kind,
    payload: z.object({ tokens: z.array(stakedToken) }),
    steps: [kind],
    title: (payload) => ({ key: `title.${kind}`, values: { count: payload.tokens.length } }),
    concerns: (payload) => payload.tokens.map((token) => ({ contract: token.contract, tokenId: token.tokenId })),
  });

/** Claim the rewards of several staked NFTs in one `claimRewards` (deployed-system.md §C9.2). */
export const claimFlow = positionsFlow('claim');

/** Unstake several NFTs in one `_unstakeMany`, which also pays what they accrued. */
export const unstakeFlow = positionsFlow('unstake');
