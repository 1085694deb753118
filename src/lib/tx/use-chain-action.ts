// src/lib/tx — the transaction path, generic: it names no flow and no step. Every write to the chain
// goes this way, in this order:
//
//   use-chain-action.ts    the one hook a screen calls: session → chain → pre-flight → plan → run
//   flow.ts                a money flow as the path knows it (kind + payload) and the app's registry
//   chain-session.ts       what the path needs of the wallet (account, signer, sign-in, switch chain)
//   plan.ts                the steps known before the first prompt (approvals still needed + the action)
//   transaction.ts         one step's lifecycle: estimate → wallet → pending → confirmed | reverted |
//                          rejected | failed; revert-reason.ts decodes a revert, receipt.ts awaits it
//   pending-store.ts       a sent transaction is remembered until mined (persisted-list.ts: storage)
//   pending-watcher.ts     after a reload or in another tab, waits for those receipts
//   settle.ts              one way a confirmed transaction is settled, by this screen or the watcher
//   outbox/                the CMS record after a confirmed transaction: outbox-store.ts (the
//                          persisted actions), outbox-processor.ts (runs each through its flow's record)
//
// A feature describes its flows in its own tx/ folder (flow.ts: kind, payload, title, items, record;
// actions.ts: pre-flight → plan); the app registers the flows (src/app/flows.ts) and mounts the
// background runner (src/app/transactions-runner.tsx). Contract calls are prepared in src/lib/chain/contracts.

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Signer, TransactionReceipt } from 'ethers';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getConfig, type Address } from '@/config/env';
import { useChainSession } from '@/lib/tx/chain-session';
import {
  addPendingTransaction,
  claimPendingTransaction,
  findPendingTransaction,
  markPendingTransaction,
  releasePendingTransaction,
  removePendingTransaction,
} from '@/lib/tx/pending-store';
import { classifyTxError, type TxState } from '@/lib/tx/transaction';
import { runPlan, type TxPlan } from '@/lib/tx/plan';
import type { AppError } from '@/lib/errors/app-error';
import { ensureFlows, flowOf, type TxAction } from '@/lib/tx/flow';
import { outboxEntryId } from '@/lib/tx/outbox/outbox-store';
import { settleConfirmed } from '@/lib/tx/settle';
import { canBatch, walletRpcOf, type BatchTarget } from '@/lib/tx/batch';

/**
 * THE way a screen sends transactions. One call runs the whole path:
 *
 *   session (connect / sign in first, then continue) → chain (ask the wallet to switch) →
 *   pre-flight (the feature's own checks, read on chain, before any prompt) → plan (approvals
 *   still needed + the action) → each step through the one lifecycle, remembered while pending so
 *   a reload picks it up → bookkeeping jobs into the outbox → chain and CMS queries refreshed.
 *
 * Features own what is specific (their checks, their plan, their flow's record); nothing else
 * sends a transaction.
 */

interface ChainActionContext {
  signer: Signer;
  account: Address;
}

/** What pre-flight decided: go on with these terms (the plan's only input), or stop with the user's words. */
export type Preflight<Terms> = { ok: true; terms: Terms } | { ok: false; problem: string };

/**
 * One run of a flow, as a feature hands it to the path. Pre-flight reads the chain and returns the
 * terms; plan, recheck and the stored action are built from those terms only.
 */
export interface ChainAction<Terms> {
  /** What stands in the way, in the user's words, or the terms to go on with. Runs after the chain check, before any prompt. */
  preflight: (context: ChainActionContext) => Promise<Preflight<Terms>>;
  plan: (context: ChainActionContext, terms: Terms) => Promise<TxPlan>;
  /**
   * Re-reads on chain what the plan's last step relies on, right before that step is handed to the
   * wallet after the steps before it (approvals) were mined: others may have bought, minted or moved
   * the token in the meantime. Not run for a one-step plan, which pre-flight has just read. Its words
   * stop the action (phase 'blocked', no prompt), or null.
   */
  recheck?: (context: ChainActionContext, terms: Terms) => Promise<string | null>;
  /** The flow action it is (kind + payload): remembered while pending, its record's input once confirmed. */
  action: (context: ChainActionContext, terms: Terms) => TxAction;
  /** Chain and CMS queries to refresh once the last step is confirmed. */
  invalidate?: readonly QueryKey[];
}

/** A check's words (stop) or null (go on with `terms`) as pre-flight's answer. */
export const problemOr = <Terms>(problem: string | null, terms: Terms): Preflight<Terms> =>
  problem ? { ok: false, problem } : { ok: true, terms };

/** A pre-flight with nothing to check: go on with `terms`. */
export const noCheck =
  <Terms>(terms: Terms) =>
  (): Promise<Preflight<Terms>> =>
    Promise.resolve({ ok: true, terms });

/** A chain action with its terms closed over: what the path runs once pre-flight said yes. */
interface CheckedAction {
  plan: () => Promise<TxPlan>;
  recheck?: () => Promise<string | null>;
  action: TxAction;
  invalidate: unknown[][];
}

/** Runs pre-flight and binds its terms to the rest: the path itself never sees a flow's types. */
async function check<Terms>(
  chainAction: ChainAction<Terms>,
  context: ChainActionContext,
): Promise<CheckedAction | string> {
  const checked = await chainAction.preflight(context);
  if (!checked.ok) return checked.problem;
  const { terms } = checked;
  const { recheck } = chainAction;
  return {
    plan: () => chainAction.plan(context, terms),
    ...(recheck ? { recheck: () => recheck(context, terms) } : {}),
    action: chainAction.action(context, terms),
    invalidate: (chainAction.invalidate ?? []).map((key) => [...key]),
  };
}

type Runnable = (context: ChainActionContext) => Promise<CheckedAction | string>;

type ChainActionPhase =
  | 'idle'
  /** The wallet dialog or sign-in is open; the action continues once a session exists. */
  | 'connecting'
  | 'switching-chain'
  /** Pre-flight reads and planning. */
  | 'checking'
  | 'running'
  | 'confirmed'
  /**
   * Pre-flight, or the look again before a later step, found a problem: that step was not sent
   * (steps already mined stay in `steps`).
   */
  | 'blocked'
  /** The user declined in the wallet: not an error. */
  | 'rejected'
  | 'failed'
  /** The user chose to keep waiting in the background: the watcher settles the pending transaction. */
  | 'background';

interface ActionStep {
  /** The step's label key (`what.<step>` in the `tx` namespace). */
  step: string;
  contractName: string;
  state: TxState;
  /**
   * The plan's writes this one wallet confirmation carries (an atomic batch, batch.ts): the dialog
   * says "1 confirmation — approve USDT and mint" up front. Absent for a step of its own.
   */
  together?: { step: string; contractName: string }[];
}

export interface ChainActionState {
  phase: ChainActionPhase;
  /** Every step of the plan, known before the first prompt. */
  steps: ActionStep[];
  /** Index of the step running (or that ended the action). */
  current: number;
  /** Pre-flight's words (phase 'blocked'). */
  problem?: string;
  error?: AppError;
  /** The last step's receipt (phase 'confirmed'). */
  receipt?: TransactionReceipt;
  /** Outbox entries the confirmed action queued. */
  outboxIds: string[];
  /**
   * Offered once a transaction has been pending for KEEP_WAITING_AFTER_MS: closes the wait here
   * (phase 'background'); the watcher goes on and the header's indicator keeps the transaction.
   */
  keepWaiting?: () => void;
}

/** How long a transaction may stay unmined before the screen offers to keep waiting in the background. */
const KEEP_WAITING_AFTER_MS = 30_000;

const IDLE_STATE: ChainActionState = { phase: 'idle', steps: [], current: 0, outboxIds: [] };

function isActionBusy(phase: ChainActionPhase): boolean {
  return phase === 'switching-chain' || phase === 'checking' || phase === 'running';
}

/** Where the wrong-network message comes from: the feature decides the words (the swap page has its own). */
export const WRONG_NETWORK = 'wrong-network';

/** A step the app would not hand to the wallet; `problem` is the feature's words or WRONG_NETWORK. */
class StepRefused extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'StepRefused';
  }
}

/** Where the plan goes as one batch, when the wallet can send atomic batches (asked once per account and chain). */
async function batchTarget(signer: Signer, account: Address, chainId: number): Promise<BatchTarget | undefined> {
  const wallet = walletRpcOf(signer);
  if (!wallet || !(await canBatch(wallet, account, chainId))) return undefined;
  return {
    wallet,
    chainId,
    from: account,
    receiptOf: async (hash) => (await signer.provider?.getTransactionReceipt(hash)) ?? null,
  };
}

/** The outbox entries a confirmed plan queued: its action's, or each completed part's (see PlannedWrite). */
function recordedIds(plan: TxPlan, steps: readonly ActionStep[], action: TxAction): string[] {
  return plan.flatMap((write, index) => {
    const { state } = steps[index] ?? {};
    const ends = write.part ? write.part.completes : index === plan.length - 1;
    const kind = write.part?.action.kind ?? action.kind;
    if (!ends || state?.status !== 'confirmed' || !flowOf(kind)?.hasRecord) return [];
    return [outboxEntryId(state.receipt.hash, kind)];
  });
}

export function useChainAction() {
  const session = useChainSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChainActionState>(IDLE_STATE);
  const waitingFor = useRef<Runnable | null>(null);
  const mounted = useRef(true);
  /** Hashes this screen waits for; on unmount the background watcher takes them over. */
  const claimed = useRef(new Set<string>());
  /** The action running here; moving on (keep waiting in the background) leaves the old one to the watcher. */
  const runs = useRef(0);
  const handOver = useCallback(() => {
    for (const hash of claimed.current) {
      releasePendingTransaction(hash);
      markPendingTransaction(hash, 'pending'); // wakes the watcher up
    }
    claimed.current.clear();
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      handOver();
    };
  }, [handOver]);
  const update = useCallback((change: (current: ChainActionState) => ChainActionState) => {
    if (mounted.current) setState(change);
  }, []);

  const execute = useCallback(
    async (runnable: Runnable, signer: Signer, account: Address) => {
      const context: ChainActionContext = { signer, account };
      const config = getConfig();
      const run = ++runs.current;
      /** This screen still follows this action (not unmounted, not handed to the background). */
      const live = () => mounted.current && runs.current === run;
      let steps: ActionStep[] = [];
      let sentHash: string | undefined;
      let slowTimer: ReturnType<typeof setTimeout> | undefined;
      const keepWaiting = () => {
        runs.current += 1;
        handOver();
        update(() => ({ ...IDLE_STATE, phase: 'background' }));
      };
      const forget = (hash: string) => {
        removePendingTransaction(hash);
        releasePendingTransaction(hash);
        claimed.current.delete(hash);
        sentHash = undefined;
      };
      try {
        // The flows settle what this action sends (its record, its title): loaded before anything goes out.
        await ensureFlows();
        if (session.chainId !== config.chainId) {
          update(() => ({ ...IDLE_STATE, phase: 'switching-chain' }));
          if (!(await session.switchChain())) {
            update(() => ({ ...IDLE_STATE, phase: 'blocked', problem: WRONG_NETWORK }));
            return;
          }
        }
        update(() => ({ ...IDLE_STATE, phase: 'checking' }));
        const checked = await runnable(context);
        if (typeof checked === 'string') {
          update(() => ({ ...IDLE_STATE, phase: 'blocked', problem: checked }));
          return;
        }
        const plan = await checked.plan();
        const { action, recheck, invalidate } = checked;
        // A plan of several actions (see PlannedWrite) keeps its steps: each part has its own bookkeeping.
        const batch =
          plan.length > 1 && !plan.some((write) => write.part)
            ? await batchTarget(signer, account, config.chainId)
            : undefined;
        const last = plan.at(-1);
        steps =
          batch && last
            ? [
                {
                  step: last.step,
                  contractName: last.contractName,
                  state: { status: 'idle' },
                  together: plan.map(({ step, contractName }) => ({ step, contractName })),
                },
              ]
            : plan.map((write) => ({
                step: write.step,
                contractName: write.contractName,
                state: { status: 'idle' },
              }));
        update(() => ({ ...IDLE_STATE, phase: 'running', steps }));

        const receipt = await runPlan(plan, {
          ...(batch ? { batch } : {}),
          // Between two steps the wallet may have moved to another chain (asked live, not from the
          // last event), and others may have changed what the last step relies on (deployed-system.md §C9.7).
          beforeStep: async (index, total) => {
            if ((await session.walletChainId()) !== config.chainId) {
              update((current) => ({ ...current, phase: 'switching-chain' }));
              if (!(await session.switchChain())) throw new StepRefused(WRONG_NETWORK);
              update((current) => ({ ...current, phase: 'running' }));
            }
            // A one-step plan was read by pre-flight a moment ago; after a mined approval, read again.
            if (index === 0) return;
            const stepRecheck = plan[index]?.part?.recheck ?? (index === total - 1 ? recheck : undefined);
            const problem = await stepRecheck?.();
            if (problem) throw new StepRefused(problem);
          },
          signal: {
            get aborted() {
              return !live();
            },
          },
          onProgress: ({ index, total, write, state: txState }) => {
            const last = index === total - 1;
            // Once the screen is gone (or the user keeps waiting in the background), the
            // background watcher owns the remembered transaction.
            if (!live()) return;
            clearTimeout(slowTimer);
            if (txState.status === 'pending') {
              sentHash = txState.hash;
              claimPendingTransaction(txState.hash);
              claimed.current.add(txState.hash);
              const { sent } = txState;
              addPendingTransaction({
                hash: txState.hash,
                chainId: config.chainId,
                account,
                step: write.step,
                // A step of a plan that does several actions belongs to its own (see PlannedWrite).
                action: write.part?.action ?? action,
                final: write.part ? write.part.completes : last,
                invalidate: last ? invalidate : [],
                ...(txState.batch ? { batch: true } : {}),
                ...(sent ? { nonce: sent.nonce, call: { to: sent.to, data: sent.data, value: sent.value } } : {}),
              });
              slowTimer = setTimeout(() => {
                if (live()) update((current) => (current.phase === 'running' ? { ...current, keepWaiting } : current));
              }, KEEP_WAITING_AFTER_MS);
            } else if (sentHash && txState.status === 'confirmed') {
              // Settled the one way (settle.ts), under the hash that was mined; this screen tells the outcome.
              const sent = findPendingTransaction(sentHash);
              if (sent) settleConfirmed(sent, txState.receipt.hash);
              forget(sentHash);
            } else if (sentHash && (txState.status === 'reverted' || txState.status === 'replaced')) {
              forget(sentHash);
            }
            steps = steps.map((step, i) => (i === index ? { ...step, state: txState } : step));
            update((current) => ({ ...current, steps, current: index, keepWaiting: undefined }));
          },
        });
        if (!live()) return;
        for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
        update((current) => ({
          ...current,
          phase: 'confirmed',
          receipt,
          // A batch is one step that stands for the whole plan (never several actions): its receipt is the action's.
          outboxIds: batch
            ? flowOf(action.kind)?.hasRecord
              ? [outboxEntryId(receipt.hash, action.kind)]
              : []
            : recordedIds(plan, steps, action),
        }));
      } catch (error) {
        if (!live()) return;
        if (error instanceof StepRefused) {
          update((current) => ({ ...current, phase: 'blocked', problem: error.problem }));
          return;
        }
        // A transaction sent but not confirmed (the node stopped answering) stays remembered:
        // the watcher will settle it.
        if (sentHash) {
          releasePendingTransaction(sentHash);
          claimed.current.delete(sentHash);
          markPendingTransaction(sentHash, 'pending'); // wakes the watcher up
        }
        const running = steps.findIndex((step) => step.state.status !== 'confirmed');
        const terminal = classifyTxError(error, steps[running]?.step);
        update((current) => ({
          ...current,
          phase: terminal.status === 'rejected' ? 'rejected' : 'failed',
          error: terminal.error,
        }));
      } finally {
        clearTimeout(slowTimer);
      }
    },
    [session, update, queryClient, handOver],
  );

  const start = useCallback(
    async <Terms>(chainAction: ChainAction<Terms>) => {
      const runnable: Runnable = (context) => check(chainAction, context);
      if (!session.isSignedIn || !session.account || !session.signer) {
        waitingFor.current = runnable;
        update(() => ({ ...IDLE_STATE, phase: 'connecting' }));
        await session.connect();
        return;
      }
      waitingFor.current = null;
      await execute(runnable, session.signer, session.account);
    },
    [session, execute, update],
  );

  // deployed-system.md §P4.3 step 1: connect / sign in first, then continue with what the user asked for.
  useEffect(() => {
    const runnable = waitingFor.current;
    if (state.phase !== 'connecting' || !runnable) return;
    if (session.isSignedIn && session.account && session.signer) {
      waitingFor.current = null;
      void execute(runnable, session.signer, session.account);
    }
  }, [state.phase, session.isSignedIn, session.account, session.signer, execute]);

  const reset = useCallback(() => {
    waitingFor.current = null;
    update(() => IDLE_STATE);
  }, [update]);

  return { state, busy: isActionBusy(state.phase), start, reset };
}
