/**
 * The notices for what the browser takes away (deployed-system.md §C5.0, §P4.4): an offline banner while the
 * network is lost, and "keep this tab open" while a record lives only in this tab's memory because
 * the browser refused to store it. EN and IT.
 */
import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueueRecords, outboxStore } from '@/lib/tx/outbox/outbox-store';
import { DEFAULT_USER } from '../msw/cms-db';
import { renderApp } from '../render';

configure({ asyncUtilTimeout: 8000 });

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('connectivity notice', () => {
  it('shows the offline banner while the network is lost and hides it when it returns', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByText(/You are offline/)).toHaveAttribute('role', 'status');
    act(() => setOnline(true));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('in Italian', async () => {
    renderApp('/about', { language: 'it' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByText(/Sei offline/)).toBeInTheDocument();
  });

  it('asks to keep the tab open while a record is kept only in memory, and stops once the list is stored again', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const quota = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    act(() =>
      enqueueRecords(`0x${'9a'.repeat(32)}`, DEFAULT_USER.address, [
        {
          kind: 'release',
          payload: { nftId: 1, name: 'Genesis #1' },
        },
      ]),
    );
    expect(await screen.findByText(/Keep this tab open until the record is written/)).toBeInTheDocument();
    expect(outboxStore.keptInMemory()).toBe(true);
    quota.mockRestore();
    // Storage accepts writes again; the list empties (the record written or dismissed).
    act(() => outboxStore.write([]));
    await waitFor(() => expect(screen.queryByText(/Keep this tab open/)).not.toBeInTheDocument());
  });
});
