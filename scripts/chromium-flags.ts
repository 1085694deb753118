/**
 * How every browser of the repository starts Debian's Chromium: the e2e layer (playwright.config.ts) and the
 * benches. This machine has no outside network, and Chromium's own background connections (component updates,
 * sync, QUIC probes) would otherwise be refused many at a time and add noise to what is measured.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
