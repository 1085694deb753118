import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVATIONS, reservationConflicts, type SpecReservation } from '../e2e/helpers/accounts-and-tokens.ts';

// The e2e specs share one chain and one CMS: tests/e2e/helpers/accounts-and-tokens.ts says which spec uses
// which account and token ids. This keeps that registry honest.
describe('e2e accounts and tokens registry', () => {
  it('no two specs reserve the same (collection, token id), and no exclusive account is used by another spec', () => {
    expect(reservationConflicts(RESERVATIONS)).toEqual([]);
  });

  it('names every e2e spec file, and only those', () => {
    const specs = readdirSync(join(process.cwd(), 'tests', 'e2e'))
      .filter((name) => name.endsWith('.spec.ts'))
      .sort();
    expect(Object.keys(RESERVATIONS).sort()).toEqual(specs);
  });

  it('reports a token two specs reserve, and an exclusive account another spec uses', () => {
    const clashing: Record<string, SpecReservation> = {
      'a.spec.ts': { accounts: { seller: { index: 9, use: 'exclusive' } }, tokens: { 'desert-bloom': { x: 93 } } },
      'b.spec.ts': { accounts: { buyer: { index: 9, use: 'shared' } }, tokens: { 'desert-bloom': { y: [92, 93] } } },
      'c.spec.ts': { accounts: {}, tokens: { 'terra-genesis': { z: 93 } } },
    };
    expect(reservationConflicts(clashing)).toEqual([
      'desert-bloom #93: reserved by a.spec.ts and b.spec.ts',
      'account #9: a.spec.ts keeps it exclusive, but a.spec.ts, b.spec.ts use it',
    ]);
  });

  it('lets one spec name the same token or account twice, and specs share a shared account', () => {
    const fine: Record<string, SpecReservation> = {
      'a.spec.ts': {
        accounts: { one: { index: 2, use: 'shared' }, two: { index: 2, use: 'shared' } },
        tokens: { 'desert-bloom': { x: 5, y: [5, 6] } },
      },
      'b.spec.ts': { accounts: { other: { index: 2, use: 'shared' } }, tokens: { 'desert-bloom': { z: 7 } } },
    };
    expect(reservationConflicts(fine)).toEqual([]);
  });
});
