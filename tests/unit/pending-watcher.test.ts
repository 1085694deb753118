/**
 * The pending store and the watcher that settles its entries after a reload, by sender and nonce.
 * The node is a fake chain (blocks of transactions, counts and receipts derived from them), so
 * every outcome — mined, sped up, cancelled, dropped — is what a node would answer.
 */
import type { JsonRpcProvider } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  addPendingTransaction,
  markPendingTransaction,
  pendingStore,
  type PendingTransaction,
} from '@/lib/tx/pending-store';
import { settlePendingTransaction, watchPendingTransactions } from '@/lib/tx/pending-watcher';
import { replacementReason, waitForOutcome } from '@/lib/tx/receipt';
import type { TxAction } from '@/lib/tx/flow';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';

const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const COLLECTION = '0x2000000000000000000000000000000000000000';
const MINT_DATA = '0x1b2ef1ca0000000000000000000000000000000000000000000000000000000000000006';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const SENT_HASH = hashOf(0xaaa);
const NONCE = 3;

interface FakeTx {
  hash: string;
  from: string;
  nonce: number;
  to: string | null;
  data: string;
  value: bigint;
  status?: 0 | 1;
}

/** A chain of blocks; `blocks[n]` holds the transactions mined in block n. */
function fakeChain(blocks: FakeTx[][]) {
  const reads = { counts: 0 };
  const all = () => blocks.flatMap((txs, blockNumber) => txs.map((tx) => ({ tx, blockNumber })));
  const provider = {
    pollingInterval: 1,
    getBlockNumber: () => Promise.resolve(blocks.length - 1),
    getTransactionCount: (from: string, tag: number | 'latest') => {
      reads.counts += 1;
      const until = tag === 'latest' ? blocks.length - 1 : tag;
      return Promise.resolve(
        all().filter(({ tx, blockNumber }) => blockNumber <= until && tx.from.toLowerCase() === from.toLowerCase())
          .length,
      );
    },
    getTransactionReceipt: (hash: string) => {
      const found = all().find(({ tx }) => tx.hash === hash);
      return Promise.resolve(found ? { hash, status: found.tx.status ?? 1, blockNumber: found.blockNumber } : null);
    },
    getBlock: (blockNumber: number) => Promise.resolve({ prefetchedTransactions: blocks[blockNumber] ?? [] }),
    getTransaction: (hash: string) => Promise.resolve(all().find(({ tx }) => tx.hash === hash)?.tx ?? null),
  };
  return { provider: provider as unknown as JsonRpcProvider, reads, blocks };
}

/** Blocks 0..n-1, each with one transaction of the sender (nonces 0..n-1) or of someone else. */
function history(senderTxs: number, length = senderTxs): FakeTx[][] {
  return Array.from({ length }, (_, block) =>
    block < senderTxs
      ? [{ hash: hashOf(block + 1), from: SENDER, nonce: block, to: OTHER, data: '0x', value: 1n }]
      : [{ hash: hashOf(0x1000 + block), from: OTHER, nonce: block, to: SENDER, data: '0x', value: 1n }],
  );
}

const JOB: TxAction = {
  kind: 'purchase',
  payload: { nftId: 6, collectionId: 1, fromAddress: null, buyer: SENDER, price: '25000000', kind: 'Mint' },
};

function remember(overrides: Partial<PendingTransaction> = {}): PendingTransaction {
  addPendingTransaction({
    hash: SENT_HASH,
    chainId: 31337,
    account: SENDER,
    step: 'mint',
    action: JOB,
    final: true,
    invalidate: [['nft', 6]],
    nonce: NONCE,
    call: { to: COLLECTION, data: MINT_DATA, value: '0' },
    ...overrides,
  });
  return pendingStore.read()[0]!;
}

const mined = (tx: Partial<FakeTx> & { hash: string }): FakeTx => ({
  from: SENDER,
  nonce: NONCE,
  to: COLLECTION,
  data: MINT_DATA,
  value: 0n,
  ...tx,
});

describe('pending store', () => {
  it('keeps the sender, nonce and call of a sent transaction across a reload (stored JSON)', () => {
    remember();
    const stored = JSON.parse(localStorage.getItem('terra-mater:pending-transactions')!) as PendingTransaction[];
    expect(stored[0]).toMatchObject({
      hash: SENT_HASH,
      account: SENDER,
      nonce: NONCE,
      call: { to: COLLECTION, data: MINT_DATA, value: '0' },
      status: 'pending',
    });
  });

  it('reads an entry stored before the nonce was kept, and marks the hash that replaced one', () => {
    localStorage.setItem(
      'terra-mater:pending-transactions',
      JSON.stringify([
        {
          hash: SENT_HASH,
          chainId: 31337,
          account: SENDER,
          step: 'mint',
          title: 'Old',
          createdAt: 1,
          status: 'pending',
          jobs: [],
          invalidate: [],
        },
      ]),
    );
    expect(pendingStore.read()).toHaveLength(1);
    markPendingTransaction(SENT_HASH, 'cancelled', hashOf(0xbbb));
    expect(pendingStore.read()[0]).toMatchObject({ status: 'cancelled', replacedBy: hashOf(0xbbb) });
  });
});

describe('replacementReason', () => {
  const sent = { from: SENDER, to: COLLECTION, data: MINT_DATA, value: '0' };
  it('tells a speed-up (same call) from a cancel (0-value self-transfer) from something unrelated', () => {
    expect(replacementReason(sent, { to: COLLECTION.toLowerCase(), data: MINT_DATA, value: 0n })).toBe('repriced');
    expect(replacementReason(sent, { to: SENDER, data: '0x', value: 0n })).toBe('cancelled');
    expect(replacementReason(sent, { to: SENDER, data: '0x', value: 1n })).toBe('replaced');
    expect(replacementReason(sent, { to: OTHER, data: '0x', value: 0n })).toBe('replaced');
    expect(replacementReason(sent, { to: COLLECTION, data: `${MINT_DATA.slice(0, -1)}7`, value: 0n })).toBe('replaced');
  });
});

describe('settlePendingTransaction (after a reload)', () => {
  it('a transaction sped up in the wallet: the bookkeeping is queued once, under the replacement, and it reads Replaced', async () => {
    const replacement = hashOf(0xbbb);
    const chain = fakeChain([...history(NONCE, 5), [mined({ hash: replacement })], ...history(0, 3)]);
    const tx = remember();

    expect(await settlePendingTransaction(chain.provider, tx)).toBe('replaced');

    expect(outboxStore.read().map((entry) => entry.id)).toEqual([`${replacement}:purchase`]);
    expect(pendingStore.read()).toEqual([expect.objectContaining({ status: 'replaced', replacedBy: replacement })]);
    // Settling it again (another tab, a second pass) queues nothing more.
    expect(await settlePendingTransaction(chain.provider, tx)).toBe('replaced');
    expect(outboxStore.read()).toHaveLength(1);
  });

  it('a transaction cancelled in the wallet: nothing is queued and it reads Cancelled', async () => {
    const cancel = hashOf(0xccc);
    const chain = fakeChain([
      ...history(NONCE),
      [mined({ hash: cancel, to: SENDER.toLowerCase(), data: '0x', value: 0n })],
    ]);
    expect(await settlePendingTransaction(chain.provider, remember())).toBe('cancelled');
    expect(outboxStore.read()).toEqual([]);
    expect(pendingStore.read()[0]).toMatchObject({ status: 'cancelled', replacedBy: cancel });
  });

  it('its nonce used by an unrelated transaction: nothing is queued and it reads Dropped', async () => {
    const other = hashOf(0xddd);
    const chain = fakeChain([...history(NONCE), [mined({ hash: other, to: OTHER, data: '0x', value: 5n })]]);
    expect(await settlePendingTransaction(chain.provider, remember())).toBe('dropped');
    expect(outboxStore.read()).toEqual([]);
    expect(pendingStore.read()[0]).toMatchObject({ status: 'dropped', replacedBy: other });
  });

  it('mined under its own hash: the bookkeeping is queued under it and the entry is forgotten', async () => {
    const chain = fakeChain([...history(NONCE), [mined({ hash: SENT_HASH })]]);
    expect(await settlePendingTransaction(chain.provider, remember())).toBe('confirmed');
    expect(outboxStore.read().map((entry) => entry.id)).toEqual([`${SENT_HASH}:purchase`]);
    expect(pendingStore.read()).toEqual([]);
  });

  it('a speed-up that reverted: nothing is queued and it reads Reverted, naming the replacement', async () => {
    const replacement = hashOf(0xeee);
    const chain = fakeChain([...history(NONCE), [mined({ hash: replacement, status: 0 })]]);
    expect(await settlePendingTransaction(chain.provider, remember())).toBe('reverted');
    expect(outboxStore.read()).toEqual([]);
    expect(pendingStore.read()[0]).toMatchObject({ status: 'reverted', replacedBy: replacement });
  });

  it('keeps waiting while its nonce is unused, and settles once the chain mines it', async () => {
    const blocks = history(NONCE);
    const chain = fakeChain(blocks);
    remember();
    let rounds = 0;
    const outcome = waitForOutcome(
      chain.provider,
      { hash: SENT_HASH, from: SENDER, nonce: NONCE, to: COLLECTION, data: MINT_DATA, value: '0' },
      {
        intervalMs: 1,
        isStopped: () => {
          rounds += 1;
          if (rounds === 5) blocks.push([mined({ hash: SENT_HASH })]);
          return false;
        },
      },
    );
    expect(await outcome).toMatchObject({ kind: 'mined', receipt: { hash: SENT_HASH } });
    expect(rounds).toBeGreaterThanOrEqual(5);
  });

  it('finds the block that used the nonce in a long chain with a few reads, not one per block', async () => {
    const replacement = hashOf(0xbbb);
    const chain = fakeChain([...history(NONCE, 2000), [mined({ hash: replacement })], ...history(0, 30)]);
    expect(await settlePendingTransaction(chain.provider, remember())).toBe('replaced');
    expect(chain.reads.counts).toBeLessThan(30);
  });

  it('an entry stored without its nonce is still settled by its receipt', async () => {
    const chain = fakeChain([...history(NONCE), [mined({ hash: SENT_HASH })]]);
    const tx = remember({ nonce: undefined, call: undefined });
    expect(await settlePendingTransaction(chain.provider, tx)).toBe('confirmed');
    expect(outboxStore.read().map((entry) => entry.id)).toEqual([`${SENT_HASH}:purchase`]);
  });
});

describe('watchPendingTransactions', () => {
  it('settles a remembered sped-up transaction on its own and reports it confirmed once', async () => {
    const replacement = hashOf(0xbbb);
    const chain = fakeChain([...history(NONCE), [mined({ hash: replacement })]]);
    remember();
    const confirmed: string[] = [];
    const stop = watchPendingTransactions(chain.provider, 31337, (tx) => confirmed.push(tx.hash));
    await expect.poll(() => pendingStore.read()[0]?.status).toBe('replaced');
    stop();
    expect(confirmed).toEqual([SENT_HASH]);
    expect(outboxStore.read().map((entry) => entry.id)).toEqual([`${replacement}:purchase`]);
  });
});
