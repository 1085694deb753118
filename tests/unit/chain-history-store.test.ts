/**
 * The history store on IndexedDB (through idb; fake-indexeddb stands in for the browser's database): what one page
 * load kept is there for the next (a reload resumes), logs of one scan do not leak into another, and drop forgets.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openHistoryStore } from '@/lib/chain/history/history-store';

const log = (blockNumber: number) => ({
  address: '0x00000000000000000000000000000000000000c0',
  blockNumber,
  logIndex: 0,
  transactionHash: `0x${blockNumber}`,
  topics: ['0x01'],
  data: '0x',
});

describe('chain history: the IndexedDB store', () => {
  it('keeps logs, progress and facts across openings, per scan, until dropped', async () => {
    const first = await openHistoryStore();
    await first.append('logs:1:a', [log(5), log(9)], { startBlock: 0, scannedTo: 10, scannedHash: '0xh10' });
    await first.append('logs:1:b', [log(7)], { startBlock: 3, scannedTo: 8, scannedHash: '0xh8' });
    await first.keepFact('time:1:5', 1_700_000_005);

    const reopened = await openHistoryStore();
    expect(await reopened.progress('logs:1:a')).toEqual({ startBlock: 0, scannedTo: 10, scannedHash: '0xh10' });
    expect((await reopened.logs('logs:1:a')).map((entry) => entry.blockNumber)).toEqual([5, 9]);
    expect((await reopened.logs('logs:1:b')).map((entry) => entry.blockNumber)).toEqual([7]);
    expect(await reopened.fact('time:1:5')).toBe(1_700_000_005);

    await reopened.drop('logs:1:a');
    expect(await reopened.progress('logs:1:a')).toBeUndefined();
    expect(await reopened.logs('logs:1:a')).toEqual([]);
    expect(await reopened.logs('logs:1:b')).toHaveLength(1);
  });
});
