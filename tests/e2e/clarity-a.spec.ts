import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Contract, JsonRpcProvider, Wallet, type ContractTransactionResponse } from 'ethers';
import {
  SCREENSHOT_DIR,
  appUrl,
  connectThroughModal,
  deployment,
  expect,
  expectSignedIn,
  stackInfo,
  test,
} from './fixtures.ts';
import { chainOwnerOf, mined } from './helpers/facts.ts';

/**
 * Issue 25 on the real stack: amounts are read in the notation of the active language. Reserved for
 * this spec: account #9, which mints its own desert-bloom #40 first, so no other spec's tokens or
 * balances are touched.
 */

const USDT_ABI = ['function faucet()', 'function approve(address spender, uint256 amount) returns (bool)'];
const NFT_ABI = ['function cost() view returns (uint256)', 'function mint(uint256 _tokenId, uint256 _cost)'];
const MARKET_ABI = [
  'function fetchMarketItems() view returns (tuple(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[])',
];
const TOKEN_ID = 40;

test.describe('clarity: numbers in the language', () => {
  // Minting, then approve + list through the app: several blocks and a CMS write.
  test.describe.configure({ timeout: 180_000 });

  test('Italian price: 45.000 typed in Italiano is echoed as 45 000,000 USDT and listed at 45 000 USDT on chain', async ({
    page,
    wallet,
  }) => {
    const d = deployment();
    const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
    const desert = d.collections.find((c) => c.key === 'desert-bloom');
    const seller = d.accounts[9];
    if (!desert || !seller) throw new Error('no desert-bloom or dev account #9 in the deployment');
    const signer = new Wallet(seller.privateKey, provider);
    const send = async (address: string, abi: string[], method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      expect((await mined(provider, tx.hash)).status, `${method} mined`).toBe(1);
    };
    const cost = (await new Contract(desert.address, NFT_ABI, provider).getFunction('cost')()) as bigint;
    await send(d.contracts.usdt, USDT_ABI, 'faucet');
    await send(d.contracts.usdt, USDT_ABI, 'approve', desert.address, cost);
    await send(desert.address, NFT_ABI, 'mint', TOKEN_ID, cost);
    const name = `${desert.name} #${TOKEN_ID}`;

    wallet.useAccount(seller.privateKey);
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    await page.getByRole('button', { name: 'My Wallet' }).click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Italiano' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');

    await page.getByRole('button', { name: `Metti in vendita: ${name}` }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Metti in vendita il tuo NFT' });
    await dialog.getByPlaceholder('Inserisci il prezzo di vendita...').fill('45.000');
    await expect(dialog.locator('.amount-echo')).toHaveText('= 45\u00a0000,000 USDT');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `clarity-a-listing-it-${width}.png`) });
    }
    await dialog.getByRole('button', { name: 'Metti in vendita', exact: true }).click();
    await expect(dialog.getByText(`${name} è in vendita.`)).toBeVisible({ timeout: 45_000 });

    const items = (await new Contract(d.contracts.marketplace, MARKET_ABI, provider).getFunction(
      'fetchMarketItems',
    )()) as { nftContract: string; tokenId: bigint; seller: string; price: bigint }[];
    const item = items.find(
      (entry) => entry.nftContract.toLowerCase() === desert.address.toLowerCase() && entry.tokenId === BigInt(TOKEN_ID),
    );
    expect(item?.price).toBe(45_000_000_000n);
    expect(item?.seller.toLowerCase()).toBe(seller.address.toLowerCase());
    expect((await chainOwnerOf(desert.address, TOKEN_ID)).toLowerCase()).toBe(d.contracts.marketplace.toLowerCase());
    provider.destroy();
  });
});
