import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Deployment } from '../../contracts/deploy/deploy.ts';
import { DEFAULT_WALLET } from './helpers/accounts-and-tokens.ts';
import { stackInfo } from './stacks.ts';
import { TestWallet, injectedProviderScript } from './test-wallet.ts';

export { stackInfo } from './stacks.ts';

export function deployment(): Deployment {
  return JSON.parse(readFileSync(stackInfo().deploymentFile, 'utf8')) as Deployment;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLocal(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return true;
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

// Errors that only say an outside host was unreachable: the harness aborts those on purpose.
const EXPECTED_ERRORS = [
  /net::ERR_FAILED/,
  /Failed to fetch/i,
  /api\.web3modal\.(org|com)/i,
  /pulse\.walletconnect/i,
  /\[Web3Modal\]/i,
];

export const SCREENSHOT_DIR = join(process.cwd(), 'artifacts', 'screenshots');

interface Fixtures {
  wallet: TestWallet;
  consoleErrors: string[];
  /** Content-Security-Policy violations the page reported (securitypolicyviolation events). */
  cspViolations: string[];
}

/** Reports every CSP violation of the page (and its frames) to the test through an exposed function. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __terraMaterCsp?: (text: string) => void }).__terraMaterCsp;
    report?.(
      `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI}` +
        (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})` : '') +
        (event.sample ? ` sample "${event.sample}"` : '') +
        (event.target instanceof Element ? ` on <${event.target.tagName.toLowerCase()}>` : ''),
    );
  });
}

/**
 * A test's own `page.route` handler that answered a request, then saw its answer fail (the page had dropped the
 * request: a hedged or superseded read), falls through to this context route once the test has unrouted it with
 * `ignoreErrors`; the browser side already counts the request as answered. Only that case is ignored.
 */
function answeredByAPageRoute(error: unknown): void {
  if (error instanceof Error && error.message.includes('Route is already handled')) return;
  throw error;
}

export const test = base.extend<Fixtures>({
  // Account #2 of the anvil mnemonic (helpers/accounts-and-tokens.ts): seeded with USDT and Natura by the deploy script.
  wallet: async ({}, use) => {
    const dep = deployment();
    const account = dep.accounts[DEFAULT_WALLET.index];
    if (!account) throw new Error(`the deployment has no dev account #${DEFAULT_WALLET.index}`);
    await use(new TestWallet(account.privateKey, stackInfo().rpcUrl));
  },
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  cspViolations: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, wallet, consoleErrors, cspViolations }, use, testInfo) => {
    await page
      .context()
      .route('**/*', (route) =>
        (isLocal(route.request().url()) ? route.continue() : route.abort()).catch(answeredByAPageRoute),
      );
    await page.exposeFunction('__terraMaterWallet', (method: string, params: unknown[]) =>
      wallet.handle(method, params),
    );
    await page.addInitScript(injectedProviderScript);
    // The app is served with its production CSP (scripts/delivery/nginx.ts): every test fails on a violation.
    await page.exposeFunction('__terraMaterCsp', (text: string) => cspViolations.push(text));
    await page.addInitScript(reportCspViolations);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const source = message.location().url;
      if (
        EXPECTED_ERRORS.some((pattern) => pattern.test(text)) &&
        (!source || !isLocal(source) || /ERR_FAILED|fetch/i.test(text))
      )
        return;
      consoleErrors.push(text);
    });
    page.on('pageerror', (error) => {
      // An aborted request to an outside host surfaces as an unhandled "Failed to fetch" in Web3Modal.
      if (/^Failed to fetch$/.test(error.message)) return;
      consoleErrors.push(`pageerror: ${error.message}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      console.log(`wallet requests: ${wallet.requests.map((r) => r.method).join(', ')}`);
    }
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const name = testInfo.titlePath
      .slice(1)
      .join(' - ')
      .replace(/[^a-z0-9-]+/gi, '_')
      .slice(0, 120);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) }).catch(() => undefined);
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    expect(consoleErrors, 'unexpected console errors').toEqual([]);
  },
});

export { expect };

export function appUrl(path = '/'): string {
  return `${stackInfo().appUrl}${path}`;
}

/** Opens the real Web3Modal dialog and picks the injected test wallet. */
export async function connectThroughModal(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
}

export async function expectSignedIn(page: Page, address: string): Promise<void> {
  const short = `${address.slice(0, 5)}....${address.slice(-5)}`;
  await expect(page.getByRole('button', { name: 'My Wallet', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
  await expect(page.getByText(short, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}
