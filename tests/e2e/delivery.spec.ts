import type { APIRequestContext } from '@playwright/test';
import { appUrl, connectThroughModal, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { cmsGet } from './helpers/facts.ts';
import { screens } from './helpers/screens.ts';

/**
 * The app as deployed. The e2e stack serves the production build with Debian's nginx
 * and the generated configuration (scripts/delivery/nginx.ts); these tests read what that server
 * sends. The fixtures fail every other test on a CSP violation too.
 */

function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The first load's biggest script: the entry (a small facade) or one it preloads (the app and its libraries). */
async function entryScript(request: APIRequestContext): Promise<string> {
  const html = await (await request.get(appUrl('/'))).text();
  const scripts = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  if (scripts.length === 0) throw new Error(`no entry script in index.html:\n${html}`);
  const sizes = await Promise.all(
    scripts.map(
      async (src) =>
        (await (await request.get(appUrl(src), { headers: { 'Accept-Encoding': 'identity' } })).body()).length,
    ),
  );
  return scripts[sizes.indexOf(Math.max(...sizes))]!;
}

test.describe('delivery', () => {
  test('security headers: a CSP generated from the build configuration, nosniff, referrer and permissions policies, HSTS over https', async ({
    page,
    request,
    cspViolations,
    consoleErrors,
  }) => {
    const stack = stackInfo();
    for (const path of ['/', '/colection/1']) {
      const response = await request.get(appUrl(path));
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      const csp = directives(headers['content-security-policy']);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      // Inline event handlers: only an empty one (Web3Modal's `ontouchstart`), by its hash.
      expect(csp.get('script-src-attr'), path).toEqual([
        "'unsafe-hashes'",
        "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      ]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      // From the build's own configuration: the stack's CMS and RPC, the wallet relay over wss:.
      const connect = csp.get('connect-src') ?? [];
      expect(connect).toEqual(
        expect.arrayContaining(["'self'", new URL(stack.cmsUrl).origin, new URL(stack.rpcUrl).origin]),
      );
      expect(connect.some((source) => source.startsWith('wss://'))).toBe(true);
      expect(csp.get('img-src')).toEqual(expect.arrayContaining([new URL(stack.cmsUrl).origin, 'https:', 'data:']));
      expect(csp.get('frame-src')?.every((source) => source.startsWith('https://verify.walletconnect.'))).toBe(true);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['strict-transport-security'], `${path} over plain http`).toBeUndefined();
    }
    // A script runs under its page's policies: it carries nosniff and its cache policy, not the document-only set.
    const script = await request.get(appUrl(await entryScript(request)));
    expect(script.headers()['x-content-type-options']).toBe('nosniff');
    expect(script.headers()['cache-control']).toContain('immutable');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy'])
      expect(script.headers()[documentOnly], documentOnly).toBeUndefined();
    const overHttps = await request.get(appUrl('/'), { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(overHttps.headers()['strict-transport-security']).toMatch(/^max-age=(\d{8,})/);
    const robots = await request.get(appUrl('/robots.txt'));
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain('User-agent: *');

    // The browser enforces the policy, and the fixtures hear about it: an inline script is refused.
    await page.goto(appUrl('/home'));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toMatch(/^script-src-elem blocked inline/);
    cspViolations.length = 0;
    // Chrome also logs the refusal as a console error: expected here, and only here.
    const refusal =
      /Executing inline script violates the following Content Security Policy directive 'script-src 'self''/;
    expect(consoleErrors.filter((text) => refusal.test(text))).toHaveLength(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !refusal.test(text)));
  });

  test('SPA fallback: a reload on /colection/1 shows the collection again', async ({ page, request }) => {
    const collection = await cmsGet<{ data: { id: number; attributes: { name: string } } }>('/api/collections/1');
    const heading = page.getByRole('heading', { level: 1, name: collection.data.attributes.name });
    await page.goto(appUrl('/colection/1'));
    await expect(heading).toBeVisible();
    await page.reload();
    await expect(heading).toBeVisible();
    expect(page.url()).toBe(appUrl('/colection/1'));

    const deepLink = await request.get(appUrl('/colection/1'));
    expect(deepLink.status()).toBe(200);
    expect(deepLink.headers()['content-type']).toContain('text/html');
    // A missing build file is a 404, not the app shell.
    expect((await request.get(appUrl('/assets/missing-chunk.js'))).status()).toBe(404);
  });

  test('compression: brotli and gzip for text, immutable hashed assets, index.html revalidated', async ({
    request,
  }) => {
    const script = await entryScript(request);
    const identity = await request.get(appUrl(script), { headers: { 'Accept-Encoding': 'identity' } });
    const size = Number(identity.headers()['content-length']);
    expect(size).toBeGreaterThan(10_000);
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(appUrl(script), { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers()['content-encoding'], encoding).toBe(encoding);
      expect(response.headers()['vary']).toContain('Accept-Encoding');
      expect(Number(response.headers()['content-length']), `${encoding} size`).toBeLessThan(size / 2);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/', '/index.html', '/colection/1']) {
      const shell = await request.get(appUrl(path), { headers: { 'Accept-Encoding': 'br' } });
      expect(shell.headers()['content-encoding'], path).toBe('br');
      expect(shell.headers()['cache-control'], path).toBe('no-cache');
    }
  });

  test('cannot be framed: another site embedding the app gets an empty frame', async ({ page, consoleErrors }) => {
    // Another origin on this machine (a public one would be stopped by Chrome's private network
    // rules before the CSP is consulted); it frames the app and, as a control, a page of its own.
    const app = new URL(appUrl('/home'));
    const attacker = `http://localhost:${app.port}/attacker`;
    await page.route(`${attacker}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/own')
          ? '<!doctype html><title>own</title><p id="own">framed fine</p>'
          : `<!doctype html><title>Free NFTs</title>
             <iframe title="app" src="${app.href}" width="800" height="400"></iframe>
             <iframe title="own" src="${attacker}/own" width="200" height="100"></iframe>`,
      }),
    );
    await page.goto(`${attacker}/index`);
    await expect(page.frameLocator('iframe[title="own"]').locator('#own')).toHaveText('framed fine');
    await expect(page.locator('iframe[title="app"]')).toBeVisible();
    const appFrame = page.frames().find((frame) => frame.name() === '' && frame.url().includes(app.host));
    expect(appFrame, 'the app is never loaded into the frame').toBeUndefined();
    await expect(page.frameLocator('iframe[title="app"]').locator('#root')).toHaveCount(0);
    // Chrome reports the refusal in the console; that is the point here.
    const refused = /frame-ancestors/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !refused.test(text)));
  });

  test('no CSP violation on any screen, the wallet modal included', async ({ page, wallet, cspViolations }) => {
    const { open, author } = await screens();
    for (const screen of open) {
      await page.goto(appUrl(screen.path));
      await expect(screen.ready(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(cspViolations, screen.name).toEqual([]);
    }
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    const profile = {
      name: 'profile',
      path: '/Profile',
      ready: (current: typeof page) => current.getByRole('tab', { name: 'Collected', exact: true }),
    };
    for (const screen of [author, profile]) {
      await page.goto(appUrl(screen.path));
      await expect(screen.ready(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(cspViolations).toEqual([]);
  });
});
