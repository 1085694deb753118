import type { Page } from '@playwright/test';
import {
  Contract,
  Interface,
  JsonRpcProvider,
  Wallet,
  parseEther,
  type ContractTransactionResponse,
  type HDNodeWallet,
  type InterfaceAbi,
} from 'ethers';
import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { desertBloomRow, signInForCmsToken } from './helpers/cms-user.ts';
import { chainOwnerOf, mined } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * The looks before each wallet prompt on the real stack (deployed-system.md §C9.7): a double sale
 * raced against the buyer's approval, and a wallet moved to another chain between two steps (a read node on
 * another chain: faults-services.spec.ts). Every account here is a fresh one (anvil_setBalance + the USDT
 * faucet), and the tokens are this spec's two desert-bloom ids in tests/e2e/helpers/accounts-and-tokens.ts (no
 * other spec reserves them), so no other spec's state is touched.
 */

/** `createMarketSale(address,uint256,uint256)`: the call the buyer's wallet must never receive here. */
const CREATE_MARKET_SALE = new Interface(MARKETPLACE_ABI).getFunction('createMarketSale')!.selector;
const TOKENS = reserved('checkout-guards.spec.ts').tokens['desert-bloom'];

interface MarketItem {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
  sold: boolean;
  price: bigint;
}

function facts() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const desert = d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom collection in the deployment');
  const usdt = new Contract(d.contracts.usdt, testUsdtAbi(), provider);
  const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);

  /** A fresh account with 100 POL and the faucet's test USDT. */
  const account = async () => {
    const signer = Wallet.createRandom(provider);
    await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
    const actor = as(signer);
    await actor.send(d.contracts.usdt, testUsdtAbi(), 'faucet');
    return actor;
  };
  const as = (signer: Wallet | HDNodeWallet) => ({
    signer,
    address: signer.address,
    send: async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      expect((await mined(provider, tx.hash)).status, `${method} mined`).toBe(1);
    },
  });
  type Actor = ReturnType<typeof as>;

  return {
    d,
    provider,
    desert,
    account,
    /** This spec's own desert-bloom tokens (tests/e2e/helpers/accounts-and-tokens.ts). */
    tokenIds: async () => {
      const max = Number(await new Contract(desert.address, NFT_COLLECTION_ABI, provider).getFunction('maxSupply')());
      const highest = Math.max(TOKENS.doubleSale, TOKENS.chainSwitch);
      if (max < highest) throw new Error(`desert-bloom's maxSupply ${max} leaves no #${highest} for this spec`);
      return { doubleSale: TOKENS.doubleSale, chainSwitch: TOKENS.chainSwitch };
    },
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
    items: async () => (await market.getFunction('fetchMarketItems')()) as MarketItem[],
    mint: async (actor: Actor, tokenId: number) => {
      const cost = (await new Contract(desert.address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
      await actor.send(d.contracts.usdt, testUsdtAbi(), 'approve', desert.address, cost);
      await actor.send(desert.address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
    },
    list: async (actor: Actor, tokenId: number, price: bigint) => {
      await actor.send(desert.address, NFT_COLLECTION_ABI, 'setApprovalForAll', d.contracts.marketplace, true);
      await actor.send(d.contracts.marketplace, MARKETPLACE_ABI, 'createMarketItem', desert.address, tokenId, price);
    },
    buy: async (actor: Actor, itemId: bigint, price: bigint) => {
      await actor.send(d.contracts.usdt, testUsdtAbi(), 'approve', d.contracts.marketplace, price);
      await actor.send(d.contracts.marketplace, MARKETPLACE_ABI, 'createMarketSale', desert.address, itemId, price);
    },
  };
}

/** The test wallet becomes `key`'s account and signs in through the app; resolves the CMS token. */
function signInAs(page: Page, wallet: TestWallet, key: string): Promise<string> {
  wallet.useAccount(key);
  return signInForCmsToken(page, wallet);
}

/** The CMS row of a desert-bloom token, as the site's editors (any signed-in user) create one. */
const nftRow = (jwt: string, tokenId: number, fields: Record<string, unknown>) =>
  desertBloomRow(jwt, tokenId, { description: 'A token of tx-guards', ...fields });

const sent = (wallet: TestWallet) => wallet.requests.filter((r) => r.method === 'eth_sendTransaction');

test.describe('looks before each wallet prompt (deployed-system.md §C9.7)', () => {
  test('double sale: the item bought and relisted while the approval mines is refused before the buy prompt', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(180_000);
    const f = facts();
    const { doubleSale: tokenId } = await f.tokenIds();
    const price = 12_500_000n;
    const [seller, third, buyer] = [await f.account(), await f.account(), await f.account()];
    await f.mint(seller, tokenId);
    await f.list(seller, tokenId, price);
    const item = (await f.items()).find(
      (entry) =>
        entry.tokenId === BigInt(tokenId) && entry.nftContract.toLowerCase() === f.desert.address.toLowerCase(),
    )!;
    expect(item.seller).toBe(seller.address);

    const jwt = await signInAs(page, wallet, buyer.signer.privateKey);
    const nftId = await nftRow(jwt, tokenId, {
      price: 12.5,
      nft_status: 2,
      owner: seller.address,
      item_id: Number(item.itemId),
    });
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    const buy = dialog.getByRole('button', { name: 'Buy Now', exact: true });
    await expect(buy).toBeEnabled({ timeout: 30_000 });

    // B's USDT approval waits in the wallet while a third account buys item and relists the token.
    const release = wallet.holdNextRequest('eth_sendTransaction');
    await buy.click();
    await expect.poll(() => sent(wallet).length, { timeout: 30_000 }).toBe(1);
    await f.buy(third, item.itemId, price);
    await f.list(third, tokenId, 15_000_000n);
    const relisted = (await f.items()).find((entry) => entry.tokenId === BigInt(tokenId) && !entry.sold)!;
    expect(relisted.itemId).not.toBe(item.itemId);
    expect(relisted.seller).toBe(third.address);

    const before = {
      buyer: await f.usdtOf(buyer.address),
      seller: await f.usdtOf(seller.address),
      third: await f.usdtOf(third.address),
      owner: await chainOwnerOf(f.desert.address, tokenId),
    };
    release();
    await expect(
      dialog.getByText(
        'This NFT was sold or relisted since you opened the checkout, so the purchase was stopped before the payment: no USDT was charged.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    // The approval was mined; the buy was never handed to the wallet; nobody's USDT or token moved.
    expect((await f.provider.getTransactionReceipt(wallet.sentHashes[0]!))?.status).toBe(1);
    expect(sent(wallet)).toHaveLength(1);
    expect(
      wallet.requests.some((r) =>
        JSON.stringify(r.params).toLowerCase().includes(CREATE_MARKET_SALE.slice(2).toLowerCase()),
      ),
    ).toBe(false);
    expect({
      buyer: await f.usdtOf(buyer.address),
      seller: await f.usdtOf(seller.address),
      third: await f.usdtOf(third.address),
      owner: await chainOwnerOf(f.desert.address, tokenId),
    }).toEqual(before);
    expect(before.owner).toBe(f.d.contracts.marketplace);
    expect((await f.items()).find((entry) => entry.itemId === relisted.itemId)?.sold).toBe(false);
    f.provider.destroy();
  });

  test('chain switched between steps: the app asks to switch back before the mint, which lands on the configured chain', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(180_000);
    const f = facts();
    const { chainSwitch: tokenId } = await f.tokenIds();
    const buyer = await f.account();
    const jwt = await signInAs(page, wallet, buyer.signer.privateKey);
    const nftId = await nftRow(jwt, tokenId, { price: 5, nft_status: 1 });
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    const mint = dialog.getByRole('button', { name: 'Mint', exact: true });
    await expect(mint).toBeEnabled({ timeout: 30_000 });

    // The approval goes out; the app's first look for its receipt is held until the approval is
    // mined and the wallet has been moved to another chain (Ethereum mainnet).
    const releaseReceipt = wallet.holdNextRequest('eth_getTransactionReceipt');
    await mint.click();
    await expect.poll(() => wallet.sentHashes.length, { timeout: 30_000 }).toBe(1);
    expect((await mined(f.provider, wallet.sentHashes[0]!)).status).toBe(1);
    await expect
      .poll(() => wallet.requests.some((r) => r.method === 'eth_getTransactionReceipt'), { timeout: 30_000 })
      .toBe(true);
    wallet.useChain(1);
    const approvedAt = wallet.requests.length;
    releaseReceipt();

    await expect(dialog.getByText(/Purchase complete/)).toBeVisible({ timeout: 45_000 });
    const after = wallet.requests.slice(approvedAt).map((r) => r.method);
    const switchAt = after.indexOf('wallet_switchEthereumChain');
    const mintAt = after.indexOf('eth_sendTransaction');
    expect(switchAt, 'wallet_switchEthereumChain was asked').toBeGreaterThanOrEqual(0);
    expect(switchAt, 'the switch comes before the mint is sent').toBeLessThan(mintAt);
    expect(wallet.requests[approvedAt + switchAt]!.params).toEqual([{ chainId: '0x7a69' }]);
    expect(wallet.chainId).toBe(31337);
    // The mint is on the configured chain: mined there, and the token is the buyer's.
    const mintReceipt = await mined(f.provider, wallet.sentHashes[1]!);
    expect(mintReceipt.status).toBe(1);
    expect(await chainOwnerOf(f.desert.address, tokenId)).toBe(buyer.address);
    f.provider.destroy();
  });
});
