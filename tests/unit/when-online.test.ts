/**
 * Code asked for during an outage (the wallet dialog's chunks) arrives with the network: a failed import is run
 * again on the browser's `online` event; a failure while online is the caller's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from '@/lib/when-online';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe('importWhenOnline', () => {
  it('a load that fails while offline is run again once the browser is online', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const result = importWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1); // still offline: waits, asks nothing
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load that fails while online is the caller’s error, not retried', async () => {
    setOnline(true);
    const error = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(error);
    await expect(importWhenOnline(load)).rejects.toBe(error);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
