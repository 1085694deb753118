/**
 * Live pages: while a page that shows chain data is visible, the app follows new blocks and refreshes the chain
 * reads that page shows (the active `chain` queries) — at most once per FOLLOW_INTERVAL_MS, not at all while the
 * tab is hidden (a hidden tab sends no request), and only when the chain has a new block (the first look, an
 * interval after the page opened, refreshes in any case). A refresh keeps what is
 * shown until the new figures arrive (React Query refetches in the background: no skeleton, no lost scroll).
 * The logic is plain (timers, visibility and the block source come in), so tests drive it with fake timers; the
 * app mounts it once through `useBlockFollower` (src/app/layout/live-chain.tsx).
 */

/** At most one refresh per this many ms (Polygon makes a block every ≈ 2 s; a page needs no more than this). */
export const FOLLOW_INTERVAL_MS = 12_000;

export interface BlockFollowerDeps {
  /** The newest block number (one small JSON-RPC request). */
  readBlockNumber: () => Promise<number>;
  /** Whether a page showing chain data is open now (there are active chain reads). */
  hasLiveReads: () => boolean;
  /** Refreshes the chain reads on screen. */
  refresh: () => void;
  isHidden: () => boolean;
  /** Subscribes to visibility changes; returns the unsubscribe. */
  onVisibilityChange: (listener: () => void) => () => void;
  now?: () => number;
}

/** Starts following; returns the stop function. */
export function followBlocks(deps: BlockFollowerDeps): () => void {
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastBlock: number | undefined;
  let lastCheck = now();

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped && !deps.isHidden()) timer = setTimeout(() => void tick(), Math.max(0, delay));
  };

  const tick = async () => {
    if (stopped || deps.isHidden()) return;
    lastCheck = now();
    if (deps.hasLiveReads()) {
      try {
        const block = await deps.readBlockNumber();
        // The first look has no block to compare with: what it shows was read up to an interval ago, so it refreshes.
        if ((lastBlock === undefined || block > lastBlock) && !stopped && !deps.isHidden()) deps.refresh();
        lastBlock = block;
      } catch {
        // A node that cannot say its block now: the next tick asks again (the reads say what failed on their own).
      }
    }
    schedule(FOLLOW_INTERVAL_MS);
  };

  const unsubscribe = deps.onVisibilityChange(() => {
    if (deps.isHidden()) {
      clearTimeout(timer);
      return;
    }
    // Back in view: catch up at once when the last look is older than the interval, else at its due time.
    schedule(FOLLOW_INTERVAL_MS - (now() - lastCheck));
  });
  // The page's own first reads are fresh: the first look (the block they are compared with) is one interval later.
  schedule(FOLLOW_INTERVAL_MS);

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
