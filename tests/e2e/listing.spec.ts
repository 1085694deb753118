import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  Contract,
  JsonRpcProvider,
  Wallet,
  parseEther,
  type ContractTransactionResponse,
  type InterfaceAbi,
} from 'ethers';
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
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { desertMarket } from './helpers/market.ts';
import { openProfileAs, typeListing } from './helpers/profile.ts';
import { chainOwnerOf, collectionByAddress, getNft, mined, nftIdOf } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * Listing an NFT on the real stack (deployed-system.md §C5.3, §P4.5): the price typed in the active language's
 * notation (§P5) is the price on chain; a release of an item that is no longer listed is refused before the
 * wallet is asked (§C5.4, §C9.1).
 *
 * The marketplace's flaws (deployed-system.md §C9.1, §C9.1a) on the real stack: a listing that another item with the same token
 * id could take is refused before any prompt (an NFT bought on the marketplace, through its old item id; another
 * collection's token with the same id), a live listing exposed later is flagged to its seller with Release, and
 * after a deliberate double sale bricks fetchMarketItems() the listings, Buy Now and a purchase still work.
 *
 * Accounts and tokens: tests/e2e/helpers/accounts-and-tokens.ts — dev account #9 mints and lists its own
 * desert-bloom token in Italian; #7 mints and releases its own; #8 is the app's wallet in the integrity tests
 * (faults-outbox.spec.ts only signs in with it); fresh random accounts play every other party. The brick is undone with evm_revert so later spec files see a working marketplace.
 */

const RESERVED = reserved('listing.spec.ts');
const RELEASER = RESERVED.accounts.releaser.index;
const D = RESERVED.tokens['desert-bloom'];
const G = RESERVED.tokens['terra-genesis'];

const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const collection = (key: string) => {
    const found = d.collections.find((c) => c.key === key);
    if (!found) throw new Error(`no ${key} in the deployment`);
    return found;
  };
  const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);

  /** An account that can pay: dev account #8, or a fresh random one with gas; 10,000 test USDT from the faucet. */
  const party = async (privateKey?: string) => {
    const signer = privateKey ? new Wallet(privateKey, provider) : Wallet.createRandom(provider);
    if (!privateKey) await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
    const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      const receipt = await mined(provider, tx.hash);
      expect(receipt.status, `${method} mined`).toBe(1);
      return receipt;
    };
    await send(d.contracts.usdt, testUsdtAbi(), 'faucet');
    return {
      address: signer.address,
      privateKey: signer.privateKey,
      /** Mints `tokenId` of `key` at its cost and approves the marketplace for the collection. */
      mint: async (key: string, tokenId: number) => {
        const nft = collection(key);
        const cost = (await new Contract(nft.address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
        await send(d.contracts.usdt, testUsdtAbi(), 'approve', nft.address, cost);
        await send(nft.address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
        await send(nft.address, NFT_COLLECTION_ABI, 'setApprovalForAll', d.contracts.marketplace, true);
      },
      /** Approves the marketplace for all of `key`'s tokens (a buyer relisting). */
      approveMarket: async (key: string) => {
        await send(collection(key).address, NFT_COLLECTION_ABI, 'setApprovalForAll', d.contracts.marketplace, true);
      },
      /** Lists `tokenId` of `key` at `price` USDT straight on chain; the new item id. */
      list: async (key: string, tokenId: number, price: number) => {
        const receipt = await send(
          d.contracts.marketplace,
          MARKETPLACE_ABI,
          'createMarketItem',
          collection(key).address,
          tokenId,
          usdt(price),
        );
        const created = receipt.logs
          .map((log) => market.interface.parseLog(log))
          .find((parsed) => parsed?.name === 'MarketItemCreated');
        if (!created) throw new Error('no MarketItemCreated');
        return created.args[0] as bigint;
      },
      /** Buys item `itemId` passing `key`'s contract, sold or not (the marketplace does not check, §9.1). */
      buy: async (key: string, itemId: bigint, price: number) => {
        await send(d.contracts.usdt, testUsdtAbi(), 'approve', d.contracts.marketplace, usdt(price));
        await send(
          d.contracts.marketplace,
          MARKETPLACE_ABI,
          'createMarketSale',
          collection(key).address,
          itemId,
          usdt(price),
        );
      },
    };
  };
  return { d, provider, collection, market, party };
}

/** The app's wallet in the market integrity tests (tests/e2e/helpers/accounts-and-tokens.ts). */
function account8() {
  const { index } = RESERVED.accounts.appWallet;
  const account = deployment().accounts[index];
  if (!account) throw new Error(`the deployment has no dev account #${index}`);
  return account;
}

/** Opens "Listing your NFT" for `name`, types `price` and presses List NFT. */
async function tryListing(page: Page, name: string, price: string) {
  const dialog = await typeListing(page, name, price);
  await dialog.getByRole('button', { name: 'List NFT' }).click();
  return dialog;
}

/** The wallet requests that would have asked the user for something (a transaction or its estimate). */
const prompts = (wallet: TestWallet) =>
  wallet.requests.filter((request) => ['eth_sendTransaction', 'eth_estimateGas'].includes(request.method));

/** Signs in to the CMS as the app does (token → personal_sign → authenticate) and returns the JWT. */
async function cmsJwt(privateKey: string): Promise<string> {
  const signer = new Wallet(privateKey);
  const { cmsUrl } = stackInfo();
  const { token } = (await (await fetch(`${cmsUrl}/webthree-auth/token/${signer.address}`)).json()) as {
    token: string;
  };
  const signature = await signer.signMessage(`Your authentication token : ${token}`);
  const answer = (await (
    await fetch(`${cmsUrl}/webthree-auth/authenticate/${signer.address}/${signature}`)
  ).json()) as { jwt: string };
  return answer.jwt;
}

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
    const seller = d.accounts[RESERVED.accounts.italianSeller.index];
    if (!desert || !seller) throw new Error('no desert-bloom or the Italian seller in the deployment');
    const signer = new Wallet(seller.privateKey, provider);
    const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      expect((await mined(provider, tx.hash)).status, `${method} mined`).toBe(1);
    };
    const cost = (await new Contract(desert.address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
    await send(d.contracts.usdt, testUsdtAbi(), 'faucet');
    await send(d.contracts.usdt, testUsdtAbi(), 'approve', desert.address, cost);
    await send(desert.address, NFT_COLLECTION_ABI, 'mint', D.italianPrice, cost);
    const name = `${desert.name} #${D.italianPrice}`;

    wallet.useAccount(seller.privateKey);
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
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

    const items = (await new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider).getFunction(
      'fetchMarketItems',
    )()) as { nftContract: string; tokenId: bigint; seller: string; price: bigint }[];
    const item = items.find(
      (entry) =>
        entry.nftContract.toLowerCase() === desert.address.toLowerCase() && entry.tokenId === BigInt(D.italianPrice),
    );
    expect(item?.price).toBe(45_000_000_000n);
    expect(item?.seller.toLowerCase()).toBe(seller.address.toLowerCase());
    expect((await chainOwnerOf(desert.address, D.italianPrice)).toLowerCase()).toBe(
      d.contracts.marketplace.toLowerCase(),
    );
    provider.destroy();
  });
});

test.describe('market integrity (deployed-system.md §C9.1)', () => {
  // Each test mints and lists on chain and goes through the profile or the checkout: many blocks and CMS writes.
  test.describe.configure({ timeout: 240_000 });

  test('old item id: an NFT bought on the marketplace cannot be listed again — refused with the reason, no wallet prompt', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const seller = await facts.party();
    const buyer = await facts.party(account8().privateKey);
    const desert = facts.collection('desert-bloom');
    const tokenId = D.oldItemId;
    await seller.mint('desert-bloom', tokenId);
    const itemId = await seller.list('desert-bloom', tokenId, 45);
    await buyer.buy('desert-bloom', itemId, 45);
    expect(await chainOwnerOf(desert.address, tokenId)).toBe(buyer.address);

    await openProfileAs(page, wallet, buyer.privateKey);
    const dialog = await tryListing(page, `${desert.name} #${tokenId}`, '450');
    const refusal = dialog.getByText(/This NFT cannot be listed safely/);
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    // Why, for how much (the old item's price, paid to its seller), and that other marketplaces are fine.
    await expect(refusal).toContainText(`same token number #${tokenId}`);
    await expect(refusal).toContainText('anyone could take it for 45 USDT');
    await expect(refusal).toContainText('Listing on other ERC-721 marketplaces is not affected');
    expect(prompts(wallet)).toEqual([]);
    expect(await chainOwnerOf(desert.address, tokenId)).toBe(buyer.address);
    facts.provider.destroy();
  });

  test('same token id: listing C #N is refused while another seller has an item with id N; an item listed later flags the live listing', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const me = await facts.party(account8().privateKey);
    const genesis = facts.collection('terra-genesis');

    // Refused: another seller's desert-bloom #49 is on the marketplace (cheaper or not, it prices genesis #49).
    const other = await facts.party();
    await other.mint('desert-bloom', D.sameTokenIdOther);
    await other.list('desert-bloom', D.sameTokenIdOther, 45);
    await me.mint('terra-genesis', G.sameTokenIdRefused);
    // Safe to list: no item has token id 48 yet.
    await me.mint('terra-genesis', G.sameTokenIdFlagged);

    await openProfileAs(page, wallet, me.privateKey);
    const refused = await tryListing(page, `${genesis.name} #${G.sameTokenIdRefused}`, '450');
    const refusal = refused.getByText(/This NFT cannot be listed safely/);
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(refusal).toContainText('anyone could take it for 45 USDT');
    expect(prompts(wallet)).toEqual([]);
    expect(await chainOwnerOf(genesis.address, G.sameTokenIdRefused)).toBe(me.address);
    await refused.getByRole('button', { name: 'Close' }).click();

    const name = `${genesis.name} #${G.sameTokenIdFlagged}`;
    const listed = await tryListing(page, name, '20');
    await expect(listed.getByText(`${name} is on sale.`)).toBeVisible({ timeout: 45_000 });
    await listed.getByRole('button', { name: 'Done' }).click();

    // Later, someone else lists desert-bloom #48 at 5: anyone can now take genesis #48 for 5 USDT.
    const later = await facts.party();
    await later.mint('desert-bloom', D.sameTokenIdLater);
    await later.list('desert-bloom', D.sameTokenIdLater, 5);

    await page.reload();
    await page.getByRole('tab', { name: 'On Sale' }).click();
    const card = page.getByRole('list', { name: 'Your NFTs on sale' }).getByRole('article').filter({ hasText: name });
    const warning = card.getByRole('alert');
    await expect(warning).toContainText('This listing is at risk', { timeout: 30_000 });
    await expect(warning).toContainText('anyone can take this NFT for 5 USDT');
    await expect(card.getByRole('button', { name: `Release from Sale: ${name}` })).toBeEnabled();

    const cms = await collectionByAddress(genesis.address);
    let nftId = 0;
    await expect
      .poll(
        async () => {
          nftId = await nftIdOf(cms.id, G.sameTokenIdFlagged).catch(() => 0);
          return nftId;
        },
        { timeout: 30_000 },
      )
      .not.toBe(0);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    const flag = page.getByRole('alert').filter({ hasText: 'This listing is at risk' });
    await expect(flag).toContainText('anyone can take this NFT for 5 USDT', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Release from Sale' })).toBeVisible();
    facts.provider.destroy();
  });

  test('bricked market read: after a deliberate double sale the listings, Buy labels, Buy Now and a purchase still work', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const snapshot = (await facts.provider.send('evm_snapshot', [])) as string;
    try {
      const desert = facts.collection('desert-bloom');
      const cms = await collectionByAddress(desert.address);

      // A live listing with its CMS row, to be bought through the app after the brick.
      const seller = await facts.party();
      await seller.mint('desert-bloom', D.brickedListed);
      const itemId = await seller.list('desert-bloom', D.brickedListed, 7);
      const response = await fetch(`${stackInfo().cmsUrl}/api/nft-v1s`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await cmsJwt(seller.privateKey)}` },
        body: JSON.stringify({
          data: {
            token_name: `${desert.name} #${D.brickedListed}`,
            owner: seller.address,
            views: 0,
            likes: 0,
            price: '7',
            description: 'market-integrity',
            token_id: D.brickedListed,
            token_standard: 'ERC721',
            collection: cms.id,
            nft_status: 2,
            item_id: Number(itemId),
            publishedAt: new Date().toISOString(),
          },
        }),
      });
      expect(response.ok, await response.clone().text()).toBe(true);
      const nftId = ((await response.json()) as { data: { id: number } }).data.id;

      // The double sale (§9.1): list #99, buy it, relist it, buy the first item id again.
      const [a, b, c] = [await facts.party(), await facts.party(), await facts.party()];
      await a.mint('desert-bloom', D.brickedDoubleSale);
      const first = await a.list('desert-bloom', D.brickedDoubleSale, 3);
      await b.buy('desert-bloom', first, 3);
      await b.approveMarket('desert-bloom');
      await b.list('desert-bloom', D.brickedDoubleSale, 9);
      await c.buy('desert-bloom', first, 3);
      expect(await chainOwnerOf(desert.address, D.brickedDoubleSale)).toBe(c.address);
      await expect(facts.market.getFunction('fetchMarketItems')()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });

      // The collection page still labels the listed card Buy (and b's emptied relisting is not for sale).
      const buyer = await facts.party(account8().privateKey);
      wallet.useAccount(buyer.privateKey);
      await page.goto(appUrl('/home'));
      await connectThroughModal(page);
      await expectSignedIn(page, buyer.address);
      await page.goto(appUrl(`/colection/${cms.id}`));
      await page.getByRole('checkbox', { name: 'Buy Now' }).check();
      const card = page
        .locator('article.nft-card')
        .filter({ has: page.locator('h3', { hasText: new RegExp(`^${desert.name} \\#${D.brickedListed}$`) }) });
      await expect(card.locator('.nft-card-action')).toHaveText('Buy', { timeout: 30_000 });

      // Buy Now on the NFT page, and the purchase through the checkout.
      await page.goto(appUrl(`/ItemDetail/${nftId}`));
      await page.getByRole('button', { name: 'Buy Now', exact: true }).click({ timeout: 30_000 });
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      await checkout.getByRole('button', { name: 'Buy Now', exact: true }).click();
      await expect(checkout.getByText(/Purchase complete/)).toBeVisible({ timeout: 60_000 });
      expect(await chainOwnerOf(desert.address, D.brickedListed)).toBe(buyer.address);
      // Still bricked: the app did all this without fetchMarketItems.
      await expect(facts.market.getFunction('fetchMarketItems')()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    } finally {
      expect(await facts.provider.send('evm_revert', [snapshot])).toBe(true);
      facts.provider.destroy();
    }
  });
});

test.describe('release of an item no longer listed', () => {
  // Mints, lists through the app and then releases: several blocks and CMS writes.
  test.describe.configure({ timeout: 180_000 });

  test('release refused: an item released meanwhile from another tab gets the message and no wallet prompt', async ({
    page,
    wallet,
  }) => {
    const facts = desertMarket();
    const releaser = facts.account(RELEASER);
    const tokenId = RESERVED.tokens['desert-bloom'].releaseRefused;
    const name = `${facts.desert.name} #${tokenId}`;
    await facts.mintDesert(RELEASER, tokenId);

    await openProfileAs(page, wallet, releaser.privateKey);
    const dialog = await typeListing(page, name, '7');
    await dialog.getByRole('button', { name: 'List NFT' }).click();
    await expect(dialog.getByText(`${name} is on sale.`)).toBeVisible({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const item = await facts.itemOf(tokenId);
    if (!item) throw new Error(`${name} is not on the marketplace`);
    const cms = await collectionByAddress(facts.desert.address);
    const nftId = await nftIdOf(cms.id, tokenId);
    await expect.poll(async () => (await getNft(nftId)).nft_status?.id).toBe(2);

    // Another tab releases it straight on chain: the item is deleted (an all-zero entry, §9.1).
    await facts.release(RELEASER, item.itemId);
    expect(await facts.itemOf(tokenId)).toBeNull();
    expect(await chainOwnerOf(facts.desert.address, tokenId)).toBe(releaser.address);

    await page.getByRole('tab', { name: 'On Sale' }).click();
    await page.getByRole('button', { name: `Release from Sale: ${name}` }).click();
    const release = page.getByRole('dialog', { name: 'Release from Sale' });
    const asked = wallet.requests.length;
    await release.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(
      release.getByText(
        `${name} is no longer on sale from this account (it was released or sold meanwhile), so there is nothing to release. Nothing was sent.`,
      ),
    ).toBeVisible();
    const prompts = wallet.requests
      .slice(asked)
      .map((request) => request.method)
      .filter((method) => method === 'eth_sendTransaction' || method === 'eth_estimateGas');
    expect(prompts).toEqual([]);
    await expect(release.getByRole('alert')).not.toContainText('Not an owner');
    expect(await chainOwnerOf(facts.desert.address, tokenId)).toBe(releaser.address);
    facts.provider.destroy();
  });
});
