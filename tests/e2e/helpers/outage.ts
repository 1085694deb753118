import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Simulated outages: the browser's connections to a real local service (the CMS or the RPC
 * endpoint) are refused or left hanging, then allowed again. The service itself keeps running, so the test process
 * can still read the truth from it.
 */

const startsWith = (base: string) => new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export async function takeDown(page: Page, base: string) {
  await page.route(startsWith(base), (route) => route.abort('connectionrefused'));
}

/**
 * The service takes the browser's requests and never answers (a hung server, not a refused one):
 * nothing comes back and nothing fails, until the app gives up by itself. `bringUp` ends it. `firstRequest`
 * settles when the first request is held: a "within N s of the hang" clock starts there.
 */
export async function hang(page: Page, base: string): Promise<{ firstRequest: Promise<void> }> {
  let held: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route(startsWith(base), () => held());
  return { firstRequest };
}

export async function bringUp(page: Page, base: string) {
  await page.unroute(startsWith(base));
}

/** The browser logs every refused connection; those are the point here, anything else still fails the test. */
export function acceptRefusedConnections(consoleErrors: string[]) {
  const refused = /net::ERR_CONNECTION_REFUSED/;
  expect(consoleErrors.some((text) => refused.test(text))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !refused.test(text)));
}
