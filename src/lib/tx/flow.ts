import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { CmsClient } from '@/lib/cms/client';

/**
 * A money flow, as the shared transaction path knows it: a kind and a payload, nothing else. The
 * features describe their flows (`features/<feature>/tx/flow.ts`) with `defineFlow`; the app
 * registers all of them once (`src/app/flows.ts`). This module names no flow: a pending transaction
 * and a CMS record waiting in the outbox are stored as an action (kind + payload, plain JSON) and
 * everything shown about them (title, which item they concern) or run for them (the record) is
 * asked of their flow's descriptor.
 *
 * Light on purpose (types and zod/mini only): the header reads the stores on every page. A flow's
 * record, which needs the CMS client, is loaded on demand.
 */

/** How a screen names an item a flow may concern (an NFT, a swap order): whatever of these it has. */
export interface ItemRef {
  /** The CMS NFT row id. */
  nftId?: number | null;
  contract?: string | null;
  tokenId?: bigint | number | string | null;
  /** A swap order id (decimal string or bigint). */
  orderId?: bigint | number | string | null;
}

/** A title in the `pending` namespace: translated where it is shown, in the language of the moment. */
interface FlowTitle {
  key: string;
  values?: Record<string, string | number>;
}

/** The stored action of a flow: its kind and its payload (plain JSON: bigints as decimal strings). */
export interface TxAction<K extends string = string, P = unknown> {
  kind: K;
  payload: P;
}

/** What a record's steps get (see lib/tx/outbox/outbox-processor.ts). */
interface RecordContext<P> {
  payload: P;
  /** The hash of the confirmed transaction the record follows. */
  txHash: string;
  /**
   * Runs `name` unless an earlier attempt finished it. `retry` is true when an earlier attempt
   * ran this step without finishing it: its write may have reached the CMS.
   */
  step: (name: string, run: (info: { retry: boolean }) => Promise<void>) => Promise<void>;
  /** The CMS client to write with: it carries the session (JWT) of the entry's own account. */
  cms: CmsClient;
}

/** The CMS writes that follow a flow's confirmed transaction, run through the outbox. */
export interface FlowRecord<P> {
  run: (context: RecordContext<P>) => Promise<void>;
  /** Query keys to refresh once the record is written. */
  invalidates?: (payload: P) => readonly QueryKey[];
}

export interface FlowSpec<K extends string, P> {
  kind: K;
  /** The payload as stored; checked whenever a stored action is read back. */
  payload: z.ZodMiniType<P>;
  /** The step names its plan uses (their labels: `what.<step>` in the `tx` namespace). */
  steps: readonly string[];
  /** What the user reads in the transactions list: "Buy Genesis #3" (null: the payload, stored by an older version, cannot say). */
  title: (payload: P) => FlowTitle | null;
  /** The items it concerns: they show "Pending…" while it runs and "Record pending" while its record waits. */
  concerns: (payload: P) => readonly ItemRef[];
  /** Its CMS record after confirmation, loaded on demand; none for a chain-only flow. */
  record?: () => Promise<FlowRecord<P>>;
}

/** A registered flow, as the shared path uses it: every operation takes the stored (unknown) payload. */
export interface Flow<K extends string = string, P = unknown> extends FlowSpec<K, P> {
  /** The stored payload, or null when it no longer fits the schema. */
  read: (payload: unknown) => P | null;
  /** Why a stored payload does not fit, or null. */
  problem: (payload: unknown) => string | null;
  hasRecord: boolean;
  /** Makes the stored action of this flow (typed payload in, plain action out). */
  action: (payload: P) => TxAction<K, P>;
  /** The same flow for the shared path, which knows its payload only as stored JSON. */
  erased: AnyFlow;
}

export function defineFlow<K extends string, P>(spec: FlowSpec<K, P>): Flow<K, P> {
  const flow: Omit<Flow<K, P>, 'erased'> = {
    ...spec,
    read: (payload) => {
      const parsed = spec.payload.safeParse(payload);
      return parsed.success ? parsed.data : null;
    },
    problem: (payload) => {
      const parsed = spec.payload.safeParse(payload);
      return parsed.success ? null : parsed.error.message;
    },
    hasRecord: spec.record !== undefined,
    action: (payload) => ({ kind: spec.kind, payload }),
  };
  return { ...flow, erased: erase(flow) };
}

/** The erased view of any registered flow (its payload type is known only inside its own feature). */
export interface AnyFlow {
  readonly kind: string;
  readonly steps: readonly string[];
  readonly hasRecord: boolean;
  problem: (payload: unknown) => string | null;
  describe: (payload: unknown) => { title: FlowTitle | null; concerns: readonly ItemRef[] } | null;
  loadRecord: () => Promise<ErasedRecord | null>;
}

export interface ErasedRecord {
  run: (context: RecordContext<unknown>) => Promise<void>;
  invalidates: (payload: unknown) => readonly QueryKey[];
}

function erase<K extends string, P>(flow: Omit<Flow<K, P>, 'erased'>): AnyFlow {
  return {
    kind: flow.kind,
    steps: flow.steps,
    hasRecord: flow.hasRecord,
    problem: flow.problem,
    describe: (stored) => {
      const payload = flow.read(stored);
      return payload === null ? null : { title: flow.title(payload), concerns: flow.concerns(payload) };
    },
    loadRecord: async () => {
      const record = await flow.record?.();
      if (!record) return null;
      const typed = (stored: unknown): P => {
        const payload = flow.read(stored);
        if (payload === null) throw new TypeError(`A stored ${flow.kind} payload does not fit its schema.`);
        return payload;
      };
      return {
        run: (context) => record.run({ ...context, payload: typed(context.payload) }),
        invalidates: (stored) => record.invalidates?.(typed(stored)) ?? [],
      };
    },
  };
}

/**
 * The app's flows, by kind. The app augments this interface with its registry's type
 * (`declare module '@/lib/tx/flow' { interface RegisteredFlows … }` in src/app/flows.ts), so every
 * kind is known to TypeScript; the path itself treats a kind as a string.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the app (declaration merging)
export interface RegisteredFlows {}

/** Every registered kind (a union of string literals), known from the app's registry. */
export type FlowKind = RegisteredFlows extends { flows: infer Flows } ? Extract<keyof Flows, string> : string;

type FlowList = Readonly<Record<string, { readonly erased: AnyFlow }>>;

const registry = new Map<string, AnyFlow>();
const installedListeners = new Set<() => void>();
let loadFlows: (() => Promise<FlowList>) | null = null;
let loading: Promise<void> | null = null;

/** Registers the app's flows (tests register the app's list directly; the app through `provideFlows`). */
export function installFlows(flows: FlowList): void {
  registry.clear();
  for (const [kind, { erased }] of Object.entries(flows)) {
    if (kind !== erased.kind) throw new Error(`Flow "${erased.kind}" is registered under "${kind}".`);
    registry.set(kind, erased);
  }
  installedListeners.forEach((listener) => listener());
}

/**
 * Where the app's flows come from, loaded on demand: a visitor with nothing stored and nothing to send
 * never loads them, so they weigh nothing on the first page.
 */
export function provideFlows(loader: () => Promise<FlowList>): void {
  loadFlows = loader;
}

/**
 * Resolves once the flows are registered: the transaction path awaits it before it sends, settles or
 * writes anything, and the runner asks for it as soon as something is stored.
 */
export function ensureFlows(): Promise<void> {
  if (registry.size > 0) return Promise.resolve();
  loading ??= (loadFlows?.() ?? Promise.reject(new Error('No flows were provided.'))).then(installFlows, (error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Tells `listener` whenever flows are registered (the stores read their entries again). */
export function onFlowsInstalled(listener: () => void): () => void {
  installedListeners.add(listener);
  return () => installedListeners.delete(listener);
}

/** The registered flow of `kind`, or undefined for a kind this version does not know. */
export const flowOf = (kind: string): AnyFlow | undefined => registry.get(kind);

/** Every registered flow (for checks over all of them). */
export const registeredFlows = (): readonly AnyFlow[] => [...registry.values()];

/**
 * What a stored transaction (its `action`) or a queued record (itself an action: `kind` + `payload`)
 * is about; an entry stored by an older version may have only its translated `title`.
 */
export interface ActionSubject {
  action?: TxAction | undefined;
  kind?: string;
  payload?: unknown;
  /** The translated title an older version stored instead of an action. */
  title?: string | undefined;
}

const actionOf = (subject: ActionSubject): TxAction | undefined =>
  subject.action ?? (subject.kind === undefined ? undefined : { kind: subject.kind, payload: subject.payload });

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The title of `subject` in the user's language (`t` of the `pending` namespace). */
export function actionTitle(subject: ActionSubject, t: Translate): string {
  const action = actionOf(subject);
  const described = action ? flowOf(action.kind)?.describe(action.payload) : null;
  if (described?.title && !subject.title) return t(described.title.key, described.title.values);
  return subject.title ?? t('title.unknown');
}
