import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Contract, JsonRpcProvider } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { collectionByAddress, nftIdOf } from './helpers/facts.ts';

/**
 * Issue 25 §7–§8 on the real stack: the My Wallet balances against the chain, the network fee
 * before the wallet prompt, AA contrast of the swap Record statuses and the create-listing fee
 * note, and the local chain's own name without explorer links. Account #2 (the default wallet)
 * only reads here; the fee test declines its prompt, so nothing changes on chain.
 */

const TOKEN_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function getNaturaPrice() view returns (uint256)',
];

/** `value / 10^decimals` rounded half-up to `places`, with optional thousands commas (English). */
function decimal(value: bigint, decimals: number, places: number, grouping = false): string {
  const divisor = 10n ** BigInt(decimals - places);
  const scaled = (value + divisor / 2n) / divisor;
  const digits = scaled.toString().padStart(places + 1, '0');
  let integer = digits.slice(0, -places);
  if (grouping) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${integer}.${digits.slice(-places)}`;
}

async function signIn(page: Page, address: string, path = '/home') {
  await page.goto(appUrl(path));
  await connectThroughModal(page);
  await expectSignedIn(page, address);
}

test.describe('clarity (i25d)', () => {
  test('wallet balances: My Wallet shows the USDT, NAT and POL balances the chain holds, with ≈ $ values', async ({
    page,
    wallet,
  }) => {
    const d = deployment();
    const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
    const usdt = new Contract(d.contracts.usdt, TOKEN_ABI, provider);
    const natura = new Contract(d.contracts.natura, TOKEN_ABI, provider);
    const [usdtBalance, naturaBalance, native, price] = (await Promise.all([
      usdt.getFunction('balanceOf')(wallet.address),
      natura.getFunction('balanceOf')(wallet.address),
      provider.getBalance(wallet.address),
      natura.getFunction('getNaturaPrice')(),
    ])) as [bigint, bigint, bigint, bigint];
    expect(usdtBalance).toBeGreaterThan(0n);
    expect(naturaBalance).toBeGreaterThan(0n);

    await signIn(page, wallet.address);
    await page.getByRole('button', { name: 'My Wallet' }).click();
    const menu = page.locator('.wallet-menu');
    await expect(menu.getByTestId('balance-usdt')).toHaveText(
      `${decimal(usdtBalance, 6, 3)} ≈ $${decimal(usdtBalance, 6, 2, true)}`,
    );
    const naturaUsd = (naturaBalance * price) / 10n ** 18n;
    await expect(menu.getByTestId('balance-nat')).toHaveText(
      `${decimal(naturaBalance, 18, 2)} ≈ $${decimal(naturaUsd, 6, 2, true)}`,
    );
    await expect(menu.getByTestId('balance-native')).toHaveText(decimal(native, 18, 4));
    await expect(menu.getByText('POL', { exact: true })).toBeVisible();

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await menu.getByRole('button', { name: 'Copy address' }).click();
    await expect(menu.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);
    provider.destroy();
  });

  test('network fee: the checkout shows the estimated fee in POL while the wallet prompt is open', async ({
    page,
    wallet,
  }) => {
    const d = deployment();
    const desert = d.collections.find((c) => c.key === 'desert-bloom');
    if (!desert) throw new Error('no desert-bloom in the deployment');
    // desert-bloom #4 stays unminted: the prompt below is declined.
    const nftId = await nftIdOf((await collectionByAddress(desert.address)).id, 4);
    await signIn(page, wallet.address, `/ItemDetail/${nftId}`);

    const release = wallet.holdNextRequest('eth_sendTransaction');
    wallet.rejectNextRequest('eth_sendTransaction');
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(dialog.getByText('Confirm in your wallet')).toBeVisible({ timeout: 30_000 });
    const note = dialog.getByTestId('network-fee');
    await expect(note).toHaveText(/^Estimated network fee: ≈ \d+\.\d{6} POL$/);

    // The note is gas limit × max fee per gas, as the node quotes it now. The dialog may say "Confirm in your wallet"
    // a moment before the request reaches the (held) wallet.
    await expect.poll(() => wallet.requests.some((r) => r.method === 'eth_sendTransaction')).toBe(true);
    const sent = wallet.requests.findLast((r) => r.method === 'eth_sendTransaction')!.params[0] as { gas: string };
    const fees = await wallet.rpc.getFeeData();
    const perGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
    const shown = Number(/≈ ([\d.]+) POL/.exec((await note.textContent()) ?? '')![1]);
    expect(shown).toBeCloseTo(Number(BigInt(sent.gas) * perGas) / 1e18, 6);
    expect(shown).toBeGreaterThan(0);

    const axe = await new AxeBuilder({ page })
      .include('[data-testid="network-fee"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    release();
    await expect(dialog.getByText(/You declined the request in your wallet/)).toBeVisible();
  });

  test('contrast AA: the swap Record statuses and the create-listing fee note', async ({ page, wallet }) => {
    await signIn(page, wallet.address, '/swapping');
    await page.getByRole('button', { name: 'Record' }).click();
    const statuses = page.locator('td[data-label="Status"]');
    await expect(statuses.first()).toBeVisible();
    const record = await new AxeBuilder({ page })
      .include('td[data-label="Status"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(record.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Both colours were measured (the seeded chain has filled and cancelled orders): green and red.
    const measured = record.passes.find((rule) => rule.id === 'color-contrast')?.nodes.map((n) => n.html) ?? [];
    expect(measured.some((html) => html.includes('text-success'))).toBe(true);
    expect(measured.some((html) => html.includes('text-danger'))).toBe(true);

    await page.getByRole('button', { name: 'Manage your listings' }).click();
    await page.getByRole('button', { name: 'Create new listing', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Listing' });
    const feeNote = dialog.locator('p.text-success').first();
    await expect(feeNote).toBeVisible();
    const note = await new AxeBuilder({ page })
      .include('[role="dialog"] p.text-success')
      .withRules(['color-contrast'])
      .analyze();
    expect(note.passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0).toBeGreaterThan(0);
    expect(note.violations.map((v) => v.id)).toEqual([]);
  });

  test('local chain: the detail page names the app chain and links no explorer (chain 31337 has none)', async ({
    page,
  }) => {
    const d = deployment();
    const savanna = d.collections.find((c) => c.key === 'savanna-echoes');
    if (!savanna) throw new Error('no savanna-echoes in the deployment');
    const nftId = await nftIdOf((await collectionByAddress(savanna.address)).id, 3);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.locator('dl.nft-details');
    await expect(details.getByText('Anvil Local', { exact: true })).toBeVisible();
    await expect(details.getByText(`${savanna.address.slice(0, 5)}....${savanna.address.slice(-5)}`)).toBeVisible();
    await expect(page.locator('a[href*="polygonscan"], a[href*="explorer"]')).toHaveCount(0);
  });
});
