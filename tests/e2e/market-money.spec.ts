import { Contract, JsonRpcProvider, Wallet, type ContractTransactionResponse } from 'ethers';
import { appUrl, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { openProfileAs, typeListing } from './helpers/profile.ts';
import { chainOwnerOf, collectionByAddress, getNft, mined, nftIdOf } from './helpers/facts.ts';

/**
 * Marketplace money on the real stack, as contracts.md §9.1 moves it: a sale through the app pays
 * the ERC-2981 royalty, then 5 % of the rest to the fee collector, then the seller — exactly what
 * the listing dialog previewed; and a release of an item this account no longer lists is refused
 * before the wallet is asked. Reserved for this spec: accounts #5 (seller), #6 (buyer), #7
 * (releaser), each minting its own desert-bloom token first (#46 and #45: above the seeded rows, so
 * the listing creates their CMS rows; trust.spec keeps #5 and #6, clarity-a #40), so no other spec's
 * tokens or balances are touched.
 */

const USDT_ABI = [
  'function faucet()',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
];
const NFT_ABI = [
  'function cost() view returns (uint256)',
  'function mint(uint256 _tokenId, uint256 _cost)',
  'function royaltyInfo(uint256 _tokenId, uint256 _salePrice) view returns (address, uint256)',
];
const MARKET_ABI = [
  'function releaseSale(uint256 itemId)',
  'function fetchMarketItems() view returns (tuple(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[])',
];

interface MarketItem {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
}

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const desert = d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom in the deployment');
  const account = (index: number) => {
    const found = d.accounts[index];
    if (!found) throw new Error(`no dev account #${index}`);
    return found;
  };
  const send = async (key: string, address: string, abi: string[], method: string, ...args: unknown[]) => {
    const contract = new Contract(address, abi, new Wallet(key, provider));
    const tx = (await contract.getFunction(method)(...args)) as ContractTransactionResponse;
    const receipt = await mined(provider, tx.hash);
    expect(receipt.status, `${method} mined`).toBe(1);
  };
  const usdt = new Contract(d.contracts.usdt, USDT_ABI, provider);
  const market = new Contract(d.contracts.marketplace, MARKET_ABI, provider);
  return {
    d,
    provider,
    desert,
    account,
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
    royaltyInfo: async (tokenId: number, price: bigint) => {
      const nft = new Contract(desert.address, NFT_ABI, provider);
      const [receiver, amount] = (await nft.getFunction('royaltyInfo')(tokenId, price)) as [string, bigint];
      return { receiver, amount };
    },
    /** The account takes 10,000 test USDT from the faucet and mints `tokenId` of desert-bloom at its cost. */
    mintDesert: async (index: number, tokenId: number) => {
      const { privateKey } = account(index);
      const nft = new Contract(desert.address, NFT_ABI, provider);
      const cost = (await nft.getFunction('cost')()) as bigint;
      await send(privateKey, d.contracts.usdt, USDT_ABI, 'faucet');
      await send(privateKey, d.contracts.usdt, USDT_ABI, 'approve', desert.address, cost);
      await send(privateKey, desert.address, NFT_ABI, 'mint', tokenId, cost);
    },
    faucet: (index: number) => send(account(index).privateKey, d.contracts.usdt, USDT_ABI, 'faucet'),
    itemOf: async (tokenId: number): Promise<MarketItem | null> => {
      const items = (await market.getFunction('fetchMarketItems')()) as MarketItem[];
      return (
        items.find(
          (item) => item.nftContract.toLowerCase() === desert.address.toLowerCase() && item.tokenId === BigInt(tokenId),
        ) ?? null
      );
    },
    release: (index: number, itemId: bigint) =>
      send(account(index).privateKey, d.contracts.marketplace, MARKET_ABI, 'releaseSale', itemId),
  };
}

/** "USDT 26.505" → 26505000n (the dialog shows every decimal). */
function usdtBase(text: string | null): bigint {
  const match = /^USDT (\d+)(?:\.(\d{1,6}))?$/.exec(text ?? '');
  if (!match) throw new Error(`not a USDT amount: ${text}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

test.describe('marketplace money (contracts.md §9.1)', () => {
  // Each test mints, lists through the app and then buys or releases: several blocks and CMS writes.
  test.describe.configure({ timeout: 180_000 });

  test('royalty split: a sale through the app pays royalty, 5 % of the rest and the seller to the base unit, as the listing dialog said', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const seller = facts.account(5);
    const buyer = facts.account(6);
    const tokenId = 46;
    const name = `${facts.desert.name} #${tokenId}`;
    await facts.mintDesert(5, tokenId);
    await facts.faucet(6);

    // The seller lists at 30 USDT: the dialog names the NFT and shows the §9.1 split.
    await openProfileAs(page, wallet, seller.privateKey);
    const dialog = await typeListing(page, name, '30');
    await expect(dialog.getByText(`${name} · ${facts.desert.name}`)).toBeVisible();
    const preview = dialog.getByRole('region', { name: 'If it sells at USDT 30' });
    await expect(preview.getByRole('definition')).toHaveText(['USDT 2.1', 'USDT 1.395', 'USDT 26.505']);
    const [royaltyShown, feeShown, sellerShown] = (await preview.getByRole('definition').allTextContents()).map(
      usdtBase,
    );
    await dialog.getByRole('button', { name: 'List NFT' }).click();
    await expect(dialog.getByText(`${name} is on sale.`)).toBeVisible({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const item = await facts.itemOf(tokenId);
    expect(item?.seller).toBe(seller.address);

    const price = 30_000_000n;
    const royalty = await facts.royaltyInfo(tokenId, price);
    const parties = [buyer.address, seller.address, royalty.receiver, facts.d.feeCollector];
    expect(new Set(parties).size).toBe(4);
    const before = await Promise.all(parties.map(facts.usdtOf));

    // The buyer buys it through the checkout.
    wallet.useAccount(buyer.privateKey);
    await page.evaluate((address) => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('accountsChanged', [address]);
    }, buyer.address);
    await expectSignedIn(page, buyer.address);
    const cms = await collectionByAddress(facts.desert.address);
    const nftId = await nftIdOf(cms.id, tokenId);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expect(checkout.getByText(/Purchase complete/)).toBeVisible({ timeout: 45_000 });

    const after = await Promise.all(parties.map(facts.usdtOf));
    const delta = after.map((value, i) => value - before[i]!);
    // §9.1 worked example: 30 USDT, 7 % royalty → royalty 2.1, fee 1.395, seller 26.505
    expect(delta).toEqual([-30_000_000n, 26_505_000n, 2_100_000n, 1_395_000n]);
    expect([delta[2], delta[3], delta[1]]).toEqual([royaltyShown, feeShown, sellerShown]);
    expect(royalty.amount).toBe(2_100_000n);
    expect(await chainOwnerOf(facts.desert.address, tokenId)).toBe(buyer.address);
    facts.provider.destroy();
  });

  test('release refused: an item released meanwhile from another tab gets the message and no wallet prompt', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const releaser = facts.account(7);
    const tokenId = 45;
    const name = `${facts.desert.name} #${tokenId}`;
    await facts.mintDesert(7, tokenId);

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
    await facts.release(7, item.itemId);
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
