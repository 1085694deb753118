import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium-flags.ts';
import { e2eStackCount } from './tests/e2e/stacks.ts';

// End-to-end layer: the real local stack (anvil + contracts, Strapi, the built app) driven in Debian's Chromium.
// One stack per worker (tests/e2e/global-setup.ts, tests/e2e/stacks.ts): a worker's tests share its chain and CMS.
const workers = e2eStackCount();

// Specs that hold the page to a clock or to the order resources arrive in (a 3 s failover, the code announced before
// the largest element, layout shift): they run after the others, one at a time, on a machine no other test loads.
// Run one of them by itself with --no-deps, or Playwright runs the whole `e2e` project first.
const ALONE = ['**/rpc-failover.spec.ts', '**/performance.spec.ts', '**/layout-shift.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results/e2e',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'e2e', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, dependencies: ['e2e'], workers: 1 },
  ],
});
