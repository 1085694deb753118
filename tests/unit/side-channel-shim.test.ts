import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The app build aliases `side-channel` (qs's cycle tracker) to a small Map-based module; it must
// answer exactly like the package it stands in for.
const require = createRequire(import.meta.url);
type Channel = {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};
const implementations: [string, () => Channel][] = [
  ['side-channel (package)', require('side-channel') as () => Channel],
  ['vendor shim', require('../../src/lib/cms/vendor/side-channel.cjs') as () => Channel],
];

function script(make: () => Channel) {
  const channel = make();
  const a = {};
  const b = [1];
  const log: unknown[] = [channel.has(a), channel.get(a), channel.delete(a)];
  channel.set(a, 1);
  channel.set(b, 'two');
  log.push(channel.has(a), channel.get(a), channel.get(b), channel.has({}));
  channel.set(a, 3);
  log.push(channel.get(a), channel.delete(a), channel.has(a), channel.get(a), channel.delete(a));
  log.push(channel.get(b));
  channel.assert(b);
  try {
    channel.assert(a);
    log.push('no throw');
  } catch (error) {
    log.push(error instanceof TypeError);
  }
  // Separate channels never share entries.
  log.push(make().has(b));
  return log;
}

describe('side-channel shim', () => {
  it.each(implementations)('%s follows the expected script', (_name, make) => {
    expect(script(make)).toEqual([
      false,
      undefined,
      false,
      true,
      1,
      'two',
      false,
      3,
      true,
      false,
      undefined,
      false,
      'two',
      true,
      false,
    ]);
  });
});
