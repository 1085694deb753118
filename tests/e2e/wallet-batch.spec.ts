import type { Locator, Page } from '@playwright/test';
import { Contract, Interface, Wallet, parseEther, parseUnits, type ContractTransactionResponse } from 'ethers';
import { appUrl, expect, test } from './fixtures.ts';
import { testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { desertBloomRow, signInForCmsToken } from './helpers/cms-user.ts';
import { chainOwnerOf, cmsGet, mined } from './helpers/facts.ts';
import { expectOutcome, swapFacts, units } from './helpers/swap.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * One confirmation where the wallet can (EIP-5792, docs/transactions.md "The batch path"): with the
 * test wallet's batching on, a mint and a swap trade (approval + action) go as one `wallet_sendCalls`
 * each — one prompt, no `eth_sendTransaction` — and move the balances to the base unit as the steps
 * would; with it off (every other spec) the same take their two steps. A batch pending during a
 * reload is followed to its end by the reloaded page and recorded once. Every buyer and maker is a
 * fresh random account (anvil_setBalance + the USDT faucet; the maker's Natura comes from the default
 * wallet); the desert-bloom rows #50–#52 are created here (tests/e2e/helpers/accounts-and-tokens.ts).
 */

const RESERVED = reserved('wallet-batch.spec.ts');
const TOKENS = RESERVED.tokens['desert-bloom'];
const TRANSFER_ABI = ['function transfer(address to, uint256 amount) returns (bool)'];
const approveIface = new Interface(['function approve(address spender, uint256 amount)']);

interface CmsTransaction {
  id: number;
  attributes: { desc: string; to_address: string };
}

function facts() {
  const f = swapFacts();
  const desert = f.d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom collection in the deployment');
  return { ...f, desert };
}

/** A fresh account with gas and the USDT faucet's amount. */
async function freshAccount(f: ReturnType<typeof facts>): Promise<{ address: string; privateKey: string }> {
  const account = Wallet.createRandom(f.provider);
  await f.provider.send('anvil_setBalance', [account.address, `0x${parseEther('100').toString(16)}`]);
  const faucet = (await new Contract(f.d.contracts.usdt, testUsdtAbi(), account).getFunction(
    'faucet',
  )()) as ContractTransactionResponse;
  expect((await mined(f.provider, faucet.hash)).status).toBe(1);
  return account;
}

/** A fresh maker's sell order of 10 NAT at 1.5 USDT each, made on chain; its id. */
async function sellOrder(f: ReturnType<typeof facts>): Promise<number> {
  const maker = await freshAccount(f);
  const source = f.d.accounts[RESERVED.accounts.naturaSource.index]!;
  const natura = new Contract(f.d.contracts.natura, TRANSFER_ABI, new Wallet(source.privateKey, f.provider));
  const sent = (await natura.getFunction('transfer')(maker.address, parseEther('10'))) as ContractTransactionResponse;
  expect((await mined(f.provider, sent.hash)).status).toBe(1);
  return f.createOrderOnChain(maker.privateKey, { token: 'natura', amount: '10', price: '1.5', orderType: 'sell' });
}

const mintRows = async (nftId: number) =>
  (
    await cmsGet<{ data: CmsTransaction[] }>(`/api/transactions?filters[nft_v_1][id][$eq]=${nftId}&sort=id:asc`)
  ).data.filter((row) => row.attributes.desc === 'Mint');

/** The token's owner, or null while it is not minted (ownerOf reverts). */
const ownerOrNull = (contract: string, tokenId: number) => chainOwnerOf(contract, tokenId).catch(() => null);

const requestsOf = (wallet: TestWallet, method: string) => wallet.requests.filter((r) => r.method === method);

/** The approval a batch carried: its first call, decoded (spender, amount). */
function batchApproval(wallet: TestWallet, nth: number): bigint {
  const request = requestsOf(wallet, 'wallet_sendCalls')[nth]!.params[0] as { calls: { data: string }[] };
  expect(request.calls).toHaveLength(2);
  const [, amount] = approveIface.decodeFunctionData('approve', request.calls[0]!.data) as unknown as [string, bigint];
  return amount;
}

/** The approval the steps sent: the first of the two `eth_sendTransaction`s from `from` on. */
function stepApproval(wallet: TestWallet, from: number): bigint {
  const sent = requestsOf(wallet, 'eth_sendTransaction').slice(from);
  const [, amount] = approveIface.decodeFunctionData(
    'approve',
    (sent[0]!.params[0] as { data: string }).data,
  ) as unknown as [string, bigint];
  return amount;
}

/** Signs a fresh buyer in and opens the checkout of a new CMS row of desert-bloom `tokenId`; the dialog and the row id. */
async function openMint(page: Page, wallet: TestWallet, f: ReturnType<typeof facts>, tokenId: number) {
  const buyer = await freshAccount(f);
  wallet.useAccount(buyer.privateKey);
  const jwt = await signInForCmsToken(page, wallet, '/home');
  const nftId = await desertBloomRow(jwt, tokenId, { price: 5, description: 'Minted by wallet-batch', nft_status: 1 });
  await page.goto(appUrl(`/ItemDetail/${nftId}`));
  await page.getByRole('button', { name: 'Mint', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog).toBeVisible();
  return { buyer, nftId, dialog };
}

/** Trades the order `id` (Buy × Natura) through the app; the dialog's pay and receive figures. */
async function trade(page: Page, id: number): Promise<{ dialog: Locator; pay: bigint; receive: bigint }> {
  await page.getByRole('link', { name: 'Swapping' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Swap your tokens' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('button', { name: 'Natura', exact: true }).click();
  await page
    .locator(`tr[data-order-id="${id}"]`)
    .getByRole('button', { name: `Trade order ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Trade' });
  // The dialog has read the allowance: the trade's plan is known.
  await expect(dialog.getByTestId('trade-approval')).toContainText('approve exactly');
  const pay = units((await dialog.getByTestId('trade-pay').textContent()) ?? '', 6);
  const receive = units((await dialog.getByTestId('trade-receive').textContent()) ?? '', 18);
  await dialog.getByRole('button', { name: 'Trade', exact: true }).click();
  await expectOutcome(dialog, 'Transaction Successfull');
  return { dialog, pay, receive };
}

/** Mint then trade with a fresh buyer; checks chain and CMS facts, then the wallet prompts (batched or in steps). */
async function mintAndTrade(page: Page, wallet: TestWallet, tokenId: number, batching: boolean) {
  const f = facts();
  const cost = BigInt(f.desert.cost);
  wallet.batching = batching;
  const orderId = await sellOrder(f);
  const { buyer, nftId, dialog } = await openMint(page, wallet, f, tokenId);
  const before = { buyer: await f.balances(buyer.address), collection: await f.balances(f.desert.address) };
  const sentBefore = requestsOf(wallet, 'eth_sendTransaction').length;

  await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
  await expect(dialog.getByText(/Purchase complete/)).toBeVisible({ timeout: 30_000 });
  if (batching) {
    await expect(dialog.getByText('1 confirmation — approve USDT and mint')).toBeVisible();
    await expect(dialog.getByText(/of 2/)).toHaveCount(0);
    expect(requestsOf(wallet, 'wallet_sendCalls')).toHaveLength(1);
    expect(requestsOf(wallet, 'eth_sendTransaction')).toHaveLength(sentBefore);
    expect(batchApproval(wallet, 0)).toBe(cost);
  } else {
    await expect(dialog.getByText('1 of 2 — approve USDT')).toBeVisible();
    await expect(dialog.getByText('2 of 2 — mint')).toBeVisible();
    expect(requestsOf(wallet, 'wallet_sendCalls')).toHaveLength(0);
    expect(requestsOf(wallet, 'eth_sendTransaction')).toHaveLength(sentBefore + 2);
    expect(stepApproval(wallet, sentBefore)).toBe(cost);
  }
  expect(await chainOwnerOf(f.desert.address, tokenId)).toBe(buyer.address);
  expect((await f.balances(buyer.address)).usdt).toBe(before.buyer.usdt - cost);
  expect((await f.balances(f.desert.address)).usdt).toBe(before.collection.usdt + cost);
  await expect.poll(async () => (await mintRows(nftId)).length, { timeout: 30_000 }).toBe(1);
  expect((await mintRows(nftId))[0]!.attributes.to_address).toBe(buyer.address);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const beforeTrade = await f.balances(buyer.address);
  const sentBeforeTrade = requestsOf(wallet, 'eth_sendTransaction').length;
  const traded = await trade(page, orderId);
  const afterTrade = await f.balances(buyer.address);
  expect(afterTrade.usdt - beforeTrade.usdt).toBe(-traded.pay);
  expect(afterTrade.natura - beforeTrade.natura).toBe(traded.receive);
  expect(traded.pay).toBe(parseUnits('15', 6));
  if (batching) {
    expect(requestsOf(wallet, 'wallet_sendCalls')).toHaveLength(2);
    expect(requestsOf(wallet, 'eth_sendTransaction')).toHaveLength(sentBeforeTrade);
    expect(batchApproval(wallet, 1)).toBe(traded.pay);
  } else {
    expect(requestsOf(wallet, 'eth_sendTransaction')).toHaveLength(sentBeforeTrade + 2);
    expect(stepApproval(wallet, sentBeforeTrade)).toBe(traded.pay);
    // Asked once for the page's life, per account and chain; the answer was "unsupported".
    expect(requestsOf(wallet, 'wallet_getCapabilities').length).toBeGreaterThan(0);
  }
  expect((await f.orders())[orderId]!.status).toBe(0n);
  await traded.dialog.getByRole('button', { name: 'Done' }).click();
  f.provider.destroy();
}

test.describe('wallet batches (EIP-5792)', () => {
  test.describe.configure({ timeout: 300_000 });

  test('one confirmation: with a batching wallet a mint and a swap trade each take one wallet prompt, balances exact to the base unit, one CMS record for the mint', async ({
    page,
    wallet,
  }) => {
    await mintAndTrade(page, wallet, TOKENS.oneConfirmation, true);
  });

  test('falls back to steps: a wallet without batching gets the approval and the action as two prompts each', async ({
    page,
    wallet,
  }) => {
    await mintAndTrade(page, wallet, TOKENS.steps, false);
  });

  test('batch after a reload: a mint batch still pending when the page reloads is followed to its end and recorded once', async ({
    page,
    wallet,
  }) => {
    const f = facts();
    const cost = BigInt(f.desert.cost);
    wallet.batching = true;
    const { buyer, nftId, dialog } = await openMint(page, wallet, f, TOKENS.reload);
    const before = await f.balances(buyer.address);
    const release = wallet.holdNextBatch();
    await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(dialog.getByText('Pending on chain')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('1 confirmation — approve USDT and mint')).toBeVisible();
    await page.reload();
    const indicator = page.getByRole('button', { name: 'Transactions in progress: 1' });
    await expect(indicator).toBeVisible({ timeout: 30_000 });
    await indicator.click();
    const panel = page.getByRole('region', { name: 'Transactions' });
    await expect(panel.getByText('Batch in the wallet')).toBeVisible();
    await page.keyboard.press('Escape');
    // Nothing ran yet: the wallet holds the batch.
    expect(await ownerOrNull(f.desert.address, TOKENS.reload)).toBeNull();

    release();
    await expect.poll(() => ownerOrNull(f.desert.address, TOKENS.reload), { timeout: 30_000 }).toBe(buyer.address);
    await expect.poll(async () => (await mintRows(nftId)).length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0, { timeout: 30_000 });
    expect(requestsOf(wallet, 'wallet_sendCalls')).toHaveLength(1);
    expect(batchApproval(wallet, 0)).toBe(cost);
    expect((await f.balances(buyer.address)).usdt).toBe(before.usdt - cost);
    expect(await mintRows(nftId)).toHaveLength(1);
    f.provider.destroy();
  });
});
