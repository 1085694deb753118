/**
 * The shared transaction path is generic: every money flow is a descriptor in its feature,
 * registered once by the app (src/app/flows.ts), and src/lib/tx names none of them. These tests
 * read the registry and the source tree, so a flow or step name that leaks back into the shared
 * layer, or a flow whose words are missing in a language, fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFlows } from '@/app/flows';
import { installFlows, registeredFlows } from '@/lib/tx/flow';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import enPending from '@/locales/en/pending.json';
import itPending from '@/locales/it/pending.json';
import enTx from '@/locales/en/tx.json';
import itTx from '@/locales/it/tx.json';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const kinds = Object.keys(appFlows);
const steps = [...new Set(Object.values(appFlows).flatMap((flow) => flow.steps))];

describe('the flow registry', () => {
  it('registers every flow under its own kind, and the path knows each of them', () => {
    expect(kinds.length).toBeGreaterThan(0);
    for (const [kind, flow] of Object.entries(appFlows)) expect(flow.kind).toBe(kind);
    expect(registeredFlows().map((flow) => flow.kind)).toEqual(kinds);
  });

  it('loads on demand: a record read before the flows arrive is read again, and runnable, once they do', () => {
    const entry = {
      kind: 'release',
      payload: { nftId: 1, name: 'G #1' },
      id: '0xab:release',
      txHash: '0xab',
      account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      createdAt: 1,
      done: [],
      attempts: 0,
      state: 'waiting',
      nextAttemptAt: 0,
    };
    installFlows({});
    try {
      localStorage.setItem('terra-mater:outbox', JSON.stringify([entry]));
      expect(outboxStore.read()).toEqual([expect.objectContaining({ state: 'unreadable' })]);
    } finally {
      installFlows(appFlows);
    }
    expect(outboxStore.read()).toEqual([expect.objectContaining({ id: entry.id, state: 'waiting', kind: 'release' })]);
  });

  it('src/lib/tx names no flow and no step: no string literal equal to a kind or a step name', () => {
    const words = new Set([...kinds, ...steps]);
    const leaks: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src', 'lib', 'tx'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(['"`])([a-z-]+)\1/g)) {
        if (words.has(match[2]!)) leaks.push(`${file.slice(ROOT.length)}: ${match[0]}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('the check above can fail: a kind written in a shared file is found', () => {
    const sample = `const kind = '${kinds[0]}';`;
    expect([...sample.matchAll(/(['"`])([a-z-]+)\1/g)].some((match) => kinds.includes(match[2]!))).toBe(true);
  });

  it('every step of every flow has its label, and every flow its title, in English and Italian', () => {
    for (const tx of [enTx, itTx]) {
      for (const step of steps) expect(tx.what, step).toHaveProperty([step]);
    }
    for (const pending of [enPending, itPending]) {
      const keys = Object.keys(pending.title);
      for (const [kind, payload] of Object.entries(SAMPLES)) {
        const title = registeredFlows()
          .find((flow) => flow.kind === kind)
          ?.describe(payload)?.title;
        expect(title, kind).toBeTruthy();
        const key = title!.key.replace(/^title\./, '');
        expect(keys.includes(key) || keys.includes(`${key}_one`), `${kind}: ${key}`).toBe(true);
      }
      expect(keys).toContain('unknown');
    }
    expect(Object.keys(SAMPLES).sort()).toEqual([...kinds].sort());
  });
});

const TOKEN = { pid: 0, contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '3' };
/** One payload each flow's schema accepts. */
const SAMPLES: Record<string, unknown> = {
  purchase: {
    nftId: 1,
    collectionId: 1,
    fromAddress: null,
    buyer: TOKEN.contract,
    price: '1',
    kind: 'Buy',
    name: 'G #1',
  },
  listing: {
    userId: 1,
    chainId: 31337,
    chainName: 'Local',
    contractAddress: TOKEN.contract,
    collectionName: 'G',
    tokenId: 3,
    tokenName: 'G #3',
    tokenStandard: 'ERC721',
    description: '',
    imageUrl: '',
    owner: TOKEN.contract,
    price: '1',
  },
  release: { nftId: 1, name: 'G #1' },
  stake: { name: 'G#3', token: TOKEN },
  claim: { tokens: [TOKEN] },
  unstake: { tokens: [TOKEN] },
  'create-order': {},
  'update-order': { orderId: 2 },
  trade: { orderId: 2 },
  'cancel-order': { orderId: 2 },
  revoke: { what: 'USDT for Marketplace' },
};
