import type { Page, Route } from '@playwright/test';
import { appUrl, expect, stackInfo, test } from './fixtures.ts';

/**
 * Several read nodes (docs/configuration.md `VITE_RPC_URLS`; src/lib/chain/rpc-nodes.ts). The local stack serves
 * its anvil under two node URLs (`/?node=1`, `/?node=2`); here the browser's requests to the first are refused,
 * answered 429 or left hanging, while the second is the real node. The chain sections read from the second node
 * within 3 s of opening the page, and the user sees no error. Reads: the signed-out staking pools (the call
 * runner's path) and the swap order book (the provider's path).
 */

const WITHIN_3_S = { timeout: 3_000 };

type Failure = 'refused' | 'answering 429' | 'hanging';

/**
 * The first read node fails as `failure`. Returns the number of requests the second node got so far, and when the
 * first node first failed a request (the "within 3 s" clock starts there).
 */
async function firstNodeFails(page: Page, failure: Failure) {
  const first = new RegExp(`^${stackInfo().rpcUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?\\?node=1$`);
  let failedOnce: () => void = () => undefined;
  const firstFailure = new Promise<void>((resolve) => {
    failedOnce = resolve;
  });
  await page.route(first, (route: Route) => {
    failedOnce();
    if (failure === 'refused') return route.abort('connectionrefused');
    if (failure === 'answering 429') return route.fulfill({ status: 429, body: 'Too Many Requests' });
    return undefined; // held: never answered
  });
  let second = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('?node=2')) second += 1;
  });
  return { secondNodeRequests: () => second, firstFailure };
}

async function readsFromSecondNode(page: Page, failure: Failure) {
  const { secondNodeRequests, firstFailure } = await firstNodeFails(page, failure);
  await page.goto(appUrl('/nft-staking'), { waitUntil: 'domcontentloaded' });
  await firstFailure;
  await expect(page.getByRole('list', { name: 'Staking pools' }).getByRole('listitem').first()).toBeVisible(WITHIN_3_S);
  // On to the swap page in the app: the node that failed waits its turn, reads go straight to the second.
  await page.getByRole('banner').getByRole('link', { name: 'Swapping', exact: true }).click();
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible(WITHIN_3_S);
  await expect(page.getByText('could not be read')).toHaveCount(0);
  expect(secondNodeRequests()).toBeGreaterThan(0);
}

test.describe('RPC failover', () => {
  test('RPC failover: the first node refuses connections; pages read from the second node within 3 s', async ({
    page,
    consoleErrors,
  }) => {
    await readsFromSecondNode(page, 'refused');
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED/.test(text)),
    );
  });

  test('RPC failover: the first node answers 429; pages read from the second node within 3 s', async ({
    page,
    consoleErrors,
  }) => {
    await readsFromSecondNode(page, 'answering 429');
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !/\b429\b/.test(text)));
  });

  test('RPC failover: the first node hangs; pages read from the second node within 3 s', async ({ page }) => {
    await readsFromSecondNode(page, 'hanging');
  });
});
