import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { bulkListingAction, bulkReleaseAction, type BulkListingItem } from '@/features/profile/tx/actions';
import type { Nft } from '@/lib/cms/types';
import { useSession } from '@/lib/session/use-session';
import { useChainAction, type ChainActionState } from '@/lib/tx/use-chain-action';

/** Several listings, or several releases, as one plan through the shared action path (the flows: ../tx/). */
export function useBulk() {
  const { t, i18n } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();
  const context = () => ({ config: getConfig(), t, language: i18n.language, user: user ?? null });
  return {
    ...action,
    list: (items: readonly BulkListingItem[]) => action.start(bulkListingAction(items, context())),
    release: (nfts: readonly Nft[]) => action.start(bulkReleaseAction(nfts, context())),
  };
}

export type ItemOutcome = 'waiting' | 'running' | 'done' | 'rejected' | 'failed' | 'refused' | 'not-sent';

/**
 * Each item's outcome in a plan that does one action per item, in order: an item's steps end with its
 * `lastStep` ('list' after an optional approval, or 'release'). A stopped plan leaves the rest not sent.
 */
export function itemOutcomes(state: ChainActionState, lastStep: string, count: number): ItemOutcome[] {
  const outcomes: ItemOutcome[] = [];
  let item: ItemOutcome[] = [];
  const stopped = state.phase === 'rejected' || state.phase === 'failed' || state.phase === 'blocked';
  for (const step of state.steps) {
    const { status } = step.state;
    const stepOutcome: ItemOutcome =
      status === 'confirmed'
        ? 'done'
        : status === 'rejected'
          ? 'rejected'
          : status === 'reverted' || status === 'failed' || status === 'replaced'
            ? 'failed'
            : status === 'idle'
              ? stopped
                ? state.phase === 'blocked' && !item.includes('not-sent') && isFirstIdle(state, step)
                  ? 'refused'
                  : 'not-sent'
                : 'waiting'
              : 'running';
    item.push(stepOutcome);
    if (step.step === lastStep) {
      outcomes.push(combine(item));
      item = [];
    }
  }
  while (outcomes.length < count) outcomes.push(stopped ? 'not-sent' : 'waiting');
  return outcomes;
}

const isFirstIdle = (state: ChainActionState, step: ChainActionState['steps'][number]) =>
  state.steps.find((candidate) => candidate.state.status === 'idle') === step;

/** One item's outcome from its steps' outcomes: the first that is not done decides. */
function combine(steps: readonly ItemOutcome[]): ItemOutcome {
  return steps.find((outcome) => outcome !== 'done') ?? 'done';
}
