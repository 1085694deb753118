import { Contract, JsonRpcProvider } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, NATURA_ABI } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { approxUsd, shown } from './helpers/amounts.ts';
import { signIn } from './helpers/session.ts';
import { localReadNodes } from '../../scripts/stack/stack.ts';

test.describe('wallet session', () => {
  test('connect through Web3Modal, sign in, survive a reload, sign out', async ({ page, wallet }) => {
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);

    const stored = await page.evaluate(() => ({
      jwt: localStorage.getItem('jwtToken'),
      user: localStorage.getItem('userInfo'),
    }));
    expect(stored.jwt).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ address: wallet.address });
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1);

    await page.reload();
    await expectSignedIn(page, wallet.address);
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1);

    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(appUrl('/'));
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    const after = await page.evaluate(() => ({
      jwt: localStorage.getItem('jwtToken'),
      user: localStorage.getItem('userInfo'),
    }));
    expect(after).toEqual({ jwt: null, user: null });
  });

  test('a wallet on another chain is asked to switch', async ({ page, wallet }) => {
    wallet.useChain(1);
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    await expect.poll(() => wallet.chainId).toBe(31337);
    expect(wallet.requests.some((r) => r.method === 'wallet_switchEthereumChain')).toBe(true);
    expect(wallet.addedChains).toHaveLength(0);
  });

  test('a wallet that does not know the chain gets it added, then switches', async ({ page, wallet }) => {
    wallet.useChain(1, { forgetHome: true });
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    await expect.poll(() => wallet.chainId).toBe(31337);
    // The chain as the app reads it: every configured read node (VITE_RPC_URLS), preferred first.
    expect(wallet.addedChains).toEqual([
      expect.objectContaining({
        chainId: '0x7a69',
        rpcUrls: localReadNodes(stackInfo().rpcUrl),
      }),
    ]);
  });

  test('rejecting the signature leaves no session, says so, and can be retried', async ({ page, wallet }) => {
    wallet.rejectNextRequest('personal_sign');
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expect(page.getByText('You declined the signature request', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page, wallet.address);
  });

  test('a protected route sends to /login and comes back after sign-in', async ({ page, wallet }) => {
    await page.goto(appUrl('/Profile'));
    await expect(page).toHaveURL(appUrl('/login'));
    await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
    await expect(page).toHaveURL(appUrl('/Profile'));
    await expectSignedIn(page, wallet.address);
  });

  test('offline Connect Wallet: the wallet dialog clicked for while offline opens once the network is back', async ({
    page,
    wallet,
    consoleErrors,
  }) => {
    await page.goto(appUrl('/home'));
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
    await page.context().setOffline(true);
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByText(/You are offline/)).toBeVisible();
    await page.context().setOffline(false);
    await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
    await expectSignedIn(page, wallet.address);
    // The files asked for while offline failed: that is the point here. WalletConnect's relay client reacts to the
    // network change too (see faults-outbox.spec.ts); the harness blocks its outside host.
    const expected =
      /ERR_INTERNET_DISCONNECTED|this\.provider\.disconnect is not a function|context: core\/relayer|relay\.walletconnect\.(com|org)/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !expected.test(text)));
  });

  test('switching account in the wallet clears the old session and signs the new account in', async ({
    page,
    wallet,
  }) => {
    await page.goto(appUrl('/home'));
    await connectThroughModal(page);
    await expectSignedIn(page, wallet.address);
    const first = wallet.address;

    const other = deployment().accounts[reserved('wallet.spec.ts').accounts.switchedTo.index]!;
    wallet.useAccount(other.privateKey);
    await page.evaluate((address) => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('accountsChanged', [address]);
    }, other.address);

    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { address?: string }))
      .toMatchObject({ address: other.address });
    expect(other.address).not.toBe(first);
    await expectSignedIn(page, other.address);
  });
});

test.describe('wallet balances', () => {
  test('wallet balances: My Wallet shows the USDT, NAT and POL balances the chain holds, with ≈ $ values', async ({
    page,
    wallet,
  }) => {
    const d = deployment();
    const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
    const usdt = new Contract(d.contracts.usdt, ERC20_ABI, provider);
    const natura = new Contract(d.contracts.natura, NATURA_ABI, provider);
    const [usdtBalance, naturaBalance, native, price] = (await Promise.all([
      usdt.getFunction('balanceOf')(wallet.address),
      natura.getFunction('balanceOf')(wallet.address),
      provider.getBalance(wallet.address),
      natura.getFunction('getNaturaPrice')(),
    ])) as [bigint, bigint, bigint, bigint];
    expect(usdtBalance).toBeGreaterThan(0n);
    expect(naturaBalance).toBeGreaterThan(0n);

    await signIn(page, wallet.address);
    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
    const menu = page.locator('.wallet-menu');
    await expect(menu.getByTestId('balance-usdt')).toHaveText(
      `${shown(usdtBalance, 6, 'money')} ${approxUsd(usdtBalance)}`,
    );
    const naturaUsd = (naturaBalance * price) / 10n ** 18n;
    await expect(menu.getByTestId('balance-nat')).toHaveText(
      `${shown(naturaBalance, 18, 'natura')} ${approxUsd(naturaUsd)}`,
    );
    await expect(menu.getByTestId('balance-native')).toHaveText(shown(native, 18, 'natura'));
    await expect(menu.getByText('POL', { exact: true })).toBeVisible();

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await menu.getByRole('button', { name: 'Copy address' }).click();
    await expect(menu.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);
    provider.destroy();
  });
});
