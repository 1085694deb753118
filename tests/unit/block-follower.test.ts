/**
 * Live pages' block follower (src/lib/query/block-follower.ts) under fake timers: it refreshes at most once per
 * FOLLOW_INTERVAL_MS and only on a new block, asks nothing while the tab is hidden or no chain read is on screen,
 * and catches up when the tab comes back into view.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_INTERVAL_MS, followBlocks } from '@/lib/query/block-follower';

function harness() {
  const state = { block: 100, hidden: false, live: true, reads: 0, refreshes: 0 };
  let visibilityListener: () => void = () => undefined;
  const stop = followBlocks({
    readBlockNumber: () => {
      state.reads += 1;
      return Promise.resolve(state.block);
    },
    hasLiveReads: () => state.live,
    refresh: () => {
      state.refreshes += 1;
    },
    isHidden: () => state.hidden,
    onVisibilityChange: (listener) => {
      visibilityListener = listener;
      return () => undefined;
    },
  });
  const setHidden = (hidden: boolean) => {
    state.hidden = hidden;
    visibilityListener();
  };
  return { state, stop, setHidden };
}

describe('live pages: the block follower', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks one interval after the page opened (and refreshes), then at most once per interval and only on a new block', async () => {
    const { state, stop } = harness();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS - 1);
    expect(state.reads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([state.reads, state.refreshes]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    expect([state.reads, state.refreshes]).toEqual([2, 1]);
    state.block = 101;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS - 1);
    expect([state.reads, state.refreshes]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect([state.reads, state.refreshes]).toEqual([3, 2]);
    stop();
    state.block = 102;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 3);
    expect([state.reads, state.refreshes]).toEqual([3, 2]);
  });

  it('sends nothing while the tab is hidden, and catches up as soon as it is visible again', async () => {
    const { state, setHidden, stop } = harness();
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS);
    setHidden(true);
    state.block = 150;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 10);
    expect([state.reads, state.refreshes]).toEqual([1, 1]);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect([state.reads, state.refreshes]).toEqual([2, 2]);
    stop();
  });

  it('asks nothing while no chain read is on screen', async () => {
    const { state, stop } = harness();
    state.live = false;
    await vi.advanceTimersByTimeAsync(FOLLOW_INTERVAL_MS * 5);
    expect(state.reads).toBe(0);
    stop();
  });
});
