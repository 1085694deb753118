import { useCallback, useEffect, useRef, useState } from 'react';
import { IDLE, classifyTxError, isTxBusy, type TxOptions, type TxState } from '@/lib/chain/transaction';
import type { AppError } from '@/lib/errors/app-error';

export type TxOutcome<T> = { ok: true; value: T } | { ok: false; error: AppError; rejected: boolean };

export interface UseTransaction {
  state: TxState;
  /** True while preparing, waiting for the wallet or for the receipt. */
  busy: boolean;
  /**
   * Runs a flow (one or more writes) and tracks its lifecycle. Never throws: the outcome says
   * whether it succeeded; `rejected` marks a wallet rejection, which is not an error to show.
   */
  run: <T>(task: (options: TxOptions) => Promise<T>) => Promise<TxOutcome<T>>;
  reset: () => void;
}

/** The lifecycle of `runTransaction` as React state, for checkout, listing, staking and swap screens. */
export function useTransaction(): UseTransaction {
  const [state, setState] = useState<TxState>(IDLE);
  const mounted = useRef(true);
  const lastState = useRef<TxState>(IDLE);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((next: TxState) => {
    lastState.current = next;
    if (mounted.current) setState(next);
  }, []);

  const run = useCallback(
    async <T>(task: (options: TxOptions) => Promise<T>): Promise<TxOutcome<T>> => {
      update(IDLE);
      try {
        const value = await task({ onState: update });
        return { ok: true, value };
      } catch (error) {
        const current = lastState.current;
        // runTransaction already reported its terminal state; anything else (a read before the
        // first write, a missing event) is classified here.
        const terminal =
          current.status === 'reverted' || current.status === 'rejected' || current.status === 'failed'
            ? current
            : classifyTxError(error, current.status === 'idle' ? undefined : current.step);
        if (terminal !== current) update(terminal);
        return { ok: false, error: terminal.error, rejected: terminal.status === 'rejected' };
      }
    },
    [update],
  );

  const reset = useCallback(() => update(IDLE), [update]);

  return { state, busy: isTxBusy(state), run, reset };
}
