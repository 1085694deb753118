import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import { Wallet } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { chainOwnerOf, cmsGet, collectionByAddress, short } from './helpers/facts.ts';

/**
 * The transaction path under real faults of the browser (deployed-system.md §C5.0, §P4.4): Sign Out and
 * account switches end the session only, a record is written only with its own account's session,
 * a full storage quota or blocked site data never decide a purchase, two tabs write a record once,
 * and the queue waits offline and resumes by itself.
 *
 * Reserved for this spec: dev account #8 (the "other" account) and desert-bloom tokens #77 to #89,
 * whose CMS rows are created here: #77 is minted through the app by the storage-full test, the
 * others have no chain token behind them (the purchase records this spec queues touch only them).
 */

const RESERVED = reserved('faults-outbox.spec.ts');
const OUTBOX_KEY = 'terra-mater:outbox';

interface CmsTransaction {
  id: number;
  attributes: { to_address: string; desc: string };
}

const transactionsOf = async (nftId: number) =>
  (await cmsGet<{ data: CmsTransaction[] }>(`/api/transactions?filters[nft_v_1][id][$eq]=${nftId}&sort=id:asc`)).data;

function devAccount(index: number) {
  const account = deployment().accounts[index];
  if (!account) throw new Error(`the deployment has no dev account #${index}`);
  return account;
}

/** Signs in to the CMS as the app does (token → personal_sign → authenticate) and returns the JWT. */
async function cmsJwt(privateKey: string): Promise<string> {
  const wallet = new Wallet(privateKey);
  const { cmsUrl } = stackInfo();
  const { token } = (await (await fetch(`${cmsUrl}/webthree-auth/token/${wallet.address}`)).json()) as {
    token: string;
  };
  const signature = await wallet.signMessage(`Your authentication token : ${token}`);
  const answer = (await (
    await fetch(`${cmsUrl}/webthree-auth/authenticate/${wallet.address}/${signature}`)
  ).json()) as {
    jwt: string;
  };
  return answer.jwt;
}

const MINTED_HERE = RESERVED.tokens['desert-bloom'].storageFull;
let nextTokenId = RESERVED.tokens['desert-bloom'].ownRowsFrom;

function desertBloom() {
  const desert = deployment().collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom in the deployment');
  return desert;
}

/**
 * A CMS NFT row of desert-bloom, only for this spec's records: owned by `owner` (status 3), or
 * for sale at Mint (status 1) when `mintable` is given.
 */
async function ownRow(owner: { address: string; privateKey: string }, mintable?: { tokenId: number }) {
  const collection = await collectionByAddress(desertBloom().address);
  const tokenId = mintable?.tokenId ?? nextTokenId++;
  const response = await fetch(`${stackInfo().cmsUrl}/api/nft-v1s`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await cmsJwt(owner.privateKey)}` },
    body: JSON.stringify({
      data: {
        token_name: `Desert Bloom #${tokenId}`,
        owner: mintable ? null : owner.address,
        views: 0,
        likes: 0,
        price: mintable ? '5' : '12.5',
        description: 'faults-a',
        token_id: tokenId,
        token_standard: 'ERC721',
        collection: collection.id,
        nft_status: mintable ? 1 : 3,
        publishedAt: new Date().toISOString(),
      },
    }),
  });
  if (!response.ok) throw new Error(`creating the CMS row answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: number } };
  return { nftId: data.id, collectionId: collection.id, title: `Buy Desert Bloom #${tokenId}` };
}

/** An outbox entry exactly as enqueueBookkeeping stores it after a confirmed buy of `row` by `account`. */
function purchaseEntry(
  account: string,
  row: { nftId: number; collectionId: number; title: string },
  progress: Record<string, unknown> = {},
) {
  const txHash = `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  return {
    kind: 'purchase',
    title: row.title,
    payload: {
      nftId: row.nftId,
      collectionId: row.collectionId,
      fromAddress: null,
      buyer: account,
      price: '12500000',
      kind: 'Buy',
    },
    id: `${txHash}:purchase`,
    txHash,
    account,
    createdAt: Date.now(),
    done: [],
    attempts: 0,
    state: 'waiting',
    nextAttemptAt: 0,
    ...progress,
  };
}

/** Puts `entries` in the browser's outbox and reloads, as a tab opened later finds them. */
async function seedOutbox(page: Page, entries: unknown[]) {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [OUTBOX_KEY, JSON.stringify(entries)]);
  await page.reload();
}

const storedOutbox = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string; state: string }[], OUTBOX_KEY);

/** The CMS write of a purchase's price-history row. */
const isRecordWrite = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/api/transactions';

/** Refuses the browser's purchase-record writes (the CMS is down for them) until the returned function runs. */
async function refuseRecordWrites(context: BrowserContext) {
  const handler = (route: Route) =>
    isRecordWrite(route.request().url(), route.request().method())
      ? route.abort('connectionrefused')
      : route.fallback();
  await context.route('**/api/transactions', handler);
  return () => context.unroute('**/api/transactions', handler);
}

async function signIn(page: Page, address: string) {
  await connectThroughModal(page);
  await expectSignedIn(page, address);
}

/** Opens the transactions list, expects `text` in it, and closes it again (it covers the page while open). */
async function expectInTransactions(page: Page, text: string | RegExp) {
  await page.getByRole('button', { name: /Transactions in progress/ }).click();
  const list = page.getByRole('region', { name: 'Transactions' });
  await expect(list.getByText(text)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
}

test.describe('faults of the browser: session, storage, tabs, network', () => {
  test('sign out keeps the outbox: the record waits for its account and is written after it signs in again', async ({
    page,
    wallet,
    consoleErrors,
  }) => {
    const row = await ownRow(devAccount(RESERVED.accounts.wallet.index));
    const entry = purchaseEntry(wallet.address, row);
    const restore = await refuseRecordWrites(page.context());
    await page.goto(appUrl('/about'));
    await seedOutbox(page, [entry]);
    await signIn(page, wallet.address);
    // The CMS refuses the connection: the record waits (and says so) instead of being written.
    await expectInTransactions(page, /The record could not be saved yet/);

    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    expect(await storedOutbox(page)).toEqual([expect.objectContaining({ id: entry.id })]);
    await expectInTransactions(page, `Sign in as ${short(wallet.address)} to record ${row.title}.`);

    await restore();
    expect(await transactionsOf(row.nftId)).toEqual([]);
    await signIn(page, wallet.address);
    await expect.poll(async () => (await transactionsOf(row.nftId)).length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0);
    expect(await storedOutbox(page)).toEqual([]);
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED/.test(text)),
    );
  });

  test('another account signed in: it never writes the first account’s record, which is written with its own session once it is back', async ({
    page,
    wallet,
  }) => {
    const first = devAccount(RESERVED.accounts.wallet.index);
    const other = devAccount(RESERVED.accounts.otherSession.index);
    const firstRow = await ownRow(first);
    const otherRow = await ownRow(other);
    const firstEntry = purchaseEntry(first.address, firstRow);
    // Queued after the first one: once it is written, the outbox has passed the first one by.
    const otherEntry = purchaseEntry(other.address, otherRow, { createdAt: firstEntry.createdAt + 1 });
    const writes: { nftId: number | undefined; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (!isRecordWrite(request.url(), request.method())) return;
      const body = request.postDataJSON() as { data?: { nft_v_1?: number } };
      writes.push({ nftId: body.data?.nft_v_1, authorization: request.headers().authorization });
    });

    wallet.useAccount(other.privateKey);
    await page.goto(appUrl('/about'));
    await seedOutbox(page, [firstEntry, otherEntry]);
    await signIn(page, other.address);
    await expect.poll(async () => (await transactionsOf(otherRow.nftId)).length, { timeout: 30_000 }).toBe(1);
    const otherJwt = await page.evaluate(() => localStorage.getItem('jwtToken'));
    await expectInTransactions(page, `Sign in as ${short(first.address)} to record ${firstRow.title}.`);
    expect(await transactionsOf(firstRow.nftId)).toEqual([]);
    expect(writes).toEqual([{ nftId: otherRow.nftId, authorization: `Bearer ${otherJwt}` }]);

    // The wallet switches back: the first account signs in and its record goes, with its own JWT.
    wallet.useAccount(first.privateKey);
    await page.evaluate((address) => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('accountsChanged', [address]);
    }, first.address);
    await expectSignedIn(page, first.address);
    await expect.poll(async () => (await transactionsOf(firstRow.nftId)).length, { timeout: 30_000 }).toBe(1);
    const firstJwt = await page.evaluate(() => localStorage.getItem('jwtToken'));
    expect(firstJwt).not.toBe(otherJwt);
    expect(writes).toEqual([
      { nftId: otherRow.nftId, authorization: `Bearer ${otherJwt}` },
      { nftId: firstRow.nftId, authorization: `Bearer ${firstJwt}` },
    ]);
    expect(await transactionsOf(firstRow.nftId)).toEqual([
      expect.objectContaining({ attributes: expect.objectContaining({ to_address: first.address }) }),
    ]);
  });

  test('storage full: a mined mint is reported complete, its record is kept in the tab and written once', async ({
    page,
    wallet,
    consoleErrors,
  }) => {
    const { nftId } = await ownRow(devAccount(RESERVED.accounts.wallet.index), { tokenId: MINTED_HERE });
    const restore = await refuseRecordWrites(page.context());

    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await signIn(page, wallet.address);
    // Fill this origin's storage to the last byte: every later write throws QuotaExceededError.
    const refused = await page.evaluate(() => {
      let size = 1 << 20;
      let index = 0;
      while (size >= 1) {
        try {
          localStorage.setItem(`faults-a-fill-${index++}`, 'x'.repeat(size));
        } catch {
          size = Math.floor(size / 2);
        }
      }
      try {
        localStorage.setItem('faults-a-probe', 'x');
        return null;
      } catch (error) {
        return (error as DOMException).name;
      }
    });
    expect(refused).toBe('QuotaExceededError');

    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(dialog.getByText(/Purchase confirmed. The record could not be saved yet/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByText(/Something went wrong/)).toHaveCount(0);
    expect(await chainOwnerOf(desertBloom().address, MINTED_HERE)).toBe(wallet.address);
    await expect(page.getByText(/Keep this tab open until the record is written/)).toBeVisible();
    // Nothing reached storage: the record lives in this tab.
    expect(await storedOutbox(page)).toEqual([]);

    await restore();
    await expect.poll(async () => (await transactionsOf(nftId)).length, { timeout: 30_000 }).toBe(1);
    await expect(dialog.getByText(/Purchase complete/)).toBeVisible();
    await expect(page.getByText(/Keep this tab open until the record is written/)).toHaveCount(0);
    expect((await transactionsOf(nftId))[0]?.attributes).toMatchObject({ to_address: wallet.address, desc: 'Mint' });
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED/.test(text)),
    );
  });

  test('blocked storage: with site data blocked in Chromium the app works and says what it cannot keep', async ({}, testInfo) => {
    // Chromium's own setting "Block sites from saving data" (cookies: 2): reading
    // window.localStorage then throws a SecurityError, as for a user who blocks site data.
    const profile = mkdtempSync(join(tmpdir(), 'faults-a-blocked-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
    );
    const { launchOptions, viewport } = testInfo.project.use;
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, viewport });
    try {
      await context.route('**/*', (route) =>
        new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
      );
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(appUrl('/explore'));
      expect(
        await page.evaluate(() => {
          try {
            return typeof window.localStorage;
          } catch (error) {
            return (error as DOMException).name;
          }
        }),
      ).toBe('SecurityError');
      await expect(page.getByText(/This browser blocks site data for Terra Mater/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('two tabs: a record both tabs find is written exactly once, the second tab waits for the first one’s lock', async ({
    page,
    wallet,
  }) => {
    const row = await ownRow(devAccount(RESERVED.accounts.wallet.index));
    const entry = purchaseEntry(wallet.address, row);
    const context = page.context();
    const held: Route[] = [];
    let recordWrites = 0;
    await context.route('**/api/transactions', (route) => {
      if (!isRecordWrite(route.request().url(), route.request().method())) return route.fallback();
      recordWrites += 1;
      held.push(route);
      return undefined;
    });

    await page.goto(appUrl('/about'));
    await seedOutbox(page, [entry]);
    await signIn(page, wallet.address);
    // The first tab is writing the record (its request is held at the CMS's door).
    await expect.poll(() => held.length).toBe(1);

    const second = await context.newPage();
    await second.goto(appUrl('/about'));
    await expect(second.getByRole('button', { name: /Transactions in progress: 1/ })).toBeVisible();
    // The Web Locks of this origin, seen from the second tab: the first tab holds the outbox's
    // lock while it writes, and the second one's pass waits for it.
    await expect
      .poll(() =>
        second.evaluate(async () => {
          const state = await navigator.locks.query();
          const name = 'terra-mater:outbox';
          return {
            held: state.held?.filter((lock) => lock.name === name).length,
            pending: state.pending?.filter((lock) => lock.name === name).length,
          };
        }),
      )
      .toEqual({ held: 1, pending: 1 });

    for (const route of held.splice(0)) await route.continue();
    await expect.poll(async () => (await transactionsOf(row.nftId)).length, { timeout: 30_000 }).toBe(1);
    await expect(second.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0);
    expect(recordWrites).toBe(1);
    expect(await transactionsOf(row.nftId)).toHaveLength(1);
    await second.close();
  });

  test('offline banner: shown while the network is lost; back online the waiting record is written at once', async ({
    page,
    wallet,
    consoleErrors,
  }) => {
    const row = await ownRow(devAccount(RESERVED.accounts.wallet.index));
    // A record that has waited through an outage: its next attempt is a quarter of an hour away.
    const entry = purchaseEntry(wallet.address, row, {
      attempts: 7,
      lastError: 'The server could not be reached.',
      nextAttemptAt: Date.now() + 15 * 60_000,
    });
    await page.goto(appUrl('/about'));
    await signIn(page, wallet.address);
    // Found by the tab after a reload, signed in: it waits out its backoff.
    await seedOutbox(page, [entry]);
    await expect(page.getByRole('button', { name: /Transactions in progress: 1/ })).toBeVisible();
    const banner = page.getByText(/You are offline/);
    await expect(banner).toHaveCount(0);

    // Offline at once: the wallet dialog's code, still loading after the sign-in, waits for the network.
    await page.context().setOffline(true);
    await expect(banner).toBeVisible();
    expect(await storedOutbox(page)).toEqual([expect.objectContaining({ id: entry.id, state: 'waiting' })]);

    await page.context().setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await transactionsOf(row.nftId)).length, { timeout: 15_000 }).toBe(1);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0);
    // Whatever the page asked for while offline failed: that is the point here. WalletConnect's
    // relay client (inside Web3Modal, never connected in these tests) also reacts to the network
    // change: it closes a transport it never opened, logs that, and on return tries its relay host,
    // which the harness blocks like every outside host.
    const expected =
      /ERR_INTERNET_DISCONNECTED|this\.provider\.disconnect is not a function|context: core\/relayer|relay\.walletconnect\.(com|org)/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !expected.test(text)));
  });
});
