import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { WRONG_NETWORK, useChainAction } from '@/lib/tx/use-chain-action';
import { queryKeys } from '@/lib/query/keys';
import { useSwapAlert } from '@/features/swap/hooks/use-swap-alert';
import { ALREADY_CANCELLED } from '@/features/swap/tx/actions';

export type SwapActionKind = 'create' | 'trade' | 'update' | 'cancel';

/**
 * The spec's words for each outcome (deployed-system.md §P8, §U12.3); `alerts.*` keys in the swap namespace.
 * Said once, inside the action's dialog (which shows the transaction too), never again in a pop-up.
 */
export const OUTCOME: Record<
  SwapActionKind,
  { ok: { title?: string; text: string }; failed: { title: string; text: string } }
> = {
  create: { ok: { title: 'success', text: 'createOk' }, failed: { title: 'error', text: 'createFailed' } },
  trade: { ok: { title: 'successPlain', text: 'tradeOk' }, failed: { title: 'oops', text: 'tradeFailed' } },
  update: { ok: { text: 'updateOk' }, failed: { title: 'oops', text: 'updateFailed' } },
  cancel: { ok: { title: 'cancelled', text: 'cancelOk' }, failed: { title: 'error', text: 'cancelFailed' } },
};

/**
 * The shared chain action (connect/sign in, chain switch, pre-flight, approve + call, pending
 * across reloads, invalidation) plus the swap page's two pop-ups: the spec's wrong-network text and
 * "Already Cancelled!". Success and failure are said once, in the dialog (SwapActionModal). A wallet
 * rejection is not an error: the dialog says so, no pop-up.
 */
export function useSwapAction() {
  const action = useChainAction();
  const alert = useSwapAlert();
  const { phase, problem } = action.state;
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  // Pre-flight (or the look again before the last step) found the order changed or gone: the book
  // on screen is stale, read it again.
  useEffect(() => {
    if (phase === 'blocked') void queryClient.invalidateQueries({ queryKey: queryKeys.chain.swapOrders() });
  }, [phase, queryClient]);
  useEffect(() => {
    const outcome =
      phase === 'blocked' && problem === WRONG_NETWORK
        ? ({ icon: 'error', title: 'oops', text: 'wrongNetwork' } as const)
        : phase === 'blocked' && problem === ALREADY_CANCELLED
          ? ({ icon: 'warning', title: 'alreadyCancelled', text: 'alreadyCancelled' } as const)
          : null;
    if (!outcome) {
      shown.current = null;
      return;
    }
    if (shown.current === phase) return;
    shown.current = phase;
    void alert(outcome);
  }, [phase, problem, alert]);
  return action;
}
