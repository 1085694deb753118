import { purchaseFlow } from '@/features/checkout/tx/flow';
import { revokeFlow } from '@/features/permissions/tx/flow';
import { listingFlow, releaseFlow } from '@/features/profile/tx/flow';
import { claimFlow, stakeFlow, unstakeFlow } from '@/features/staking/tx/flow';
import { cancelOrderFlow, createOrderFlow, tradeFlow, updateOrderFlow } from '@/features/swap/tx/flow';
import { installFlows } from '@/lib/tx/flow';

/**
 * Every money flow of the app, by kind: the one place the shared transaction path learns them
 * (src/lib/tx/flow.ts). Each descriptor lives in its feature's tx/flow.ts and is light (its record,
 * which needs the CMS client, loads on demand), so this registry weighs nothing on the first page.
 * A new flow is one descriptor in its feature and one line here.
 */
export const appFlows = {
  purchase: purchaseFlow,
  listing: listingFlow,
  release: releaseFlow,
  stake: stakeFlow,
  claim: claimFlow,
  unstake: unstakeFlow,
  'create-order': createOrderFlow,
  'update-order': updateOrderFlow,
  trade: tradeFlow,
  'cancel-order': cancelOrderFlow,
  revoke: revokeFlow,
} as const;

declare module '@/lib/tx/flow' {
  interface RegisteredFlows {
    flows: typeof appFlows;
  }
}

/** Registers the flows with the transaction path; the app calls it once before the first render. */
export const registerAppFlows = () => installFlows(appFlows);
