/**
 * The My Wallet menu (deployed-system.md §P2.2): the account's USDT, Natura and POL balances read from the
 * chain when the menu opens, "≈ $" beside USDT (one dollar) and Natura (the chain's Natura price,
 * as the dashboard shows it), and a button that copies the full address.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Interface } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { NATURA_ABI } from '@/lib/chain/contracts/natura';
import { DEFAULT_USER } from '../msw/cms-db';
import { renderApp, storeSession } from '../render';
import { FakeChain, FakeErc20, NATURA, USER } from './fake-chain';

configure({ asyncUtilTimeout: 8000 });

const natura = new Interface(NATURA_ABI);

/** Natura with the contract's price view: USD with 6 decimals per whole Natura. */
class PricedNatura extends FakeErc20 {
  price = 2_500_000n; // $2.50
  override view(data: string): string {
    if (natura.parseTransaction({ data })?.name === 'getNaturaPrice') {
      return natura.encodeFunctionResult('getNaturaPrice', [this.price]);
    }
    return super.view(data);
  }
}

let chain: FakeChain;

beforeEach(() => {
  chain = new FakeChain().serveRpc();
  chain.install(NATURA, new PricedNatura(NATURA, 18)).fund(USER, 1_234_500_000_000_000_000_000n); // 1 234.5 NAT
  chain.fundUsdt(USER, 45_000_500_000n); // 45 000.5 USDT
  chain.nativeBalances.set(USER.toLowerCase(), 3_141_592_653_589_793_238n); // 3.14… POL
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});

async function openMenu(language?: 'en' | 'it') {
  const app = renderApp('/home', { walletConnector: chain.connector().load, language });
  const name = language === 'it' ? 'Il mio wallet' : 'My Wallet';
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
  await app.user.click(screen.getByRole('button', { name }));
  return app;
}

describe('My Wallet menu', () => {
  it('shows the USDT, NAT and POL balances with their dollar values', async () => {
    await openMenu();
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45,000.50 ≈ $45,000.50');
    const nat = screen.getByTestId('balance-nat');
    expect(nat).toHaveTextContent('1,234.5');
    // 1 234.5 NAT × $2.50 = $3 086.25
    await waitFor(() => expect(nat).toHaveTextContent('≈ $3,086.25'));
    // 3.14159… POL: at most 4 decimals, rounded down (docs/amounts.md)
    expect(screen.getByTestId('balance-native')).toHaveTextContent('3.1415');
    const list = screen.getByTestId('balance-usdt').closest('dl')!;
    expect(within(list).getByText('POL')).toBeInTheDocument();
    expect(within(list).getByText('USDT')).toBeInTheDocument();
    expect(within(list).getByText('NAT')).toBeInTheDocument();
  });

  it('writes the numbers in Italian in the Italian interface', async () => {
    await openMenu('it');
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45.000,50 ≈ $45.000,50');
    await waitFor(() => expect(screen.getByTestId('balance-nat')).toHaveTextContent('1.234,5 ≈ $3.086,25'));
  });

  it('says when the balances cannot be read, and reads them again on request', async () => {
    chain.rpcDown = true;
    const { user } = await openMenu();
    expect(await screen.findByText('The balances could not be read.')).toBeInTheDocument();
    chain.rpcDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45,000.50');
  });

  it('amount display: a rounded balance is a button reached by keyboard that shows the exact figure to the base unit', async () => {
    const { user } = await openMenu();
    const native = await screen.findByTestId('balance-native');
    const rounded = within(native).getByRole('button', { name: '3.1415, rounded: show the exact figure' });
    expect(rounded).toHaveAttribute('title', 'exactly 3.141592653589793238');
    expect(rounded).toHaveAttribute('aria-expanded', 'false');
    // Reached with Tab like any control of the menu.
    for (let step = 0; step < 20 && document.activeElement !== rounded; step += 1) await user.tab();
    expect(rounded).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rounded).toHaveAttribute('aria-expanded', 'true');
    expect(native).toHaveTextContent('(exactly 3.141592653589793238; 3141592653589793238 base units)');
    await user.keyboard('{Escape}');
    expect(rounded).toHaveAttribute('aria-expanded', 'false');
    expect(native).not.toHaveTextContent('base units');
    // The menu stays open: Escape closed only the figure.
    expect(screen.getByTestId('balance-usdt')).toBeVisible();
    // An amount the policy writes in full is plain text, no button.
    expect(within(screen.getByTestId('balance-usdt')).queryByRole('button')).toBeNull();
  });

  it('in the phone’s open header menu, opening a rounded balance or copying the address leaves the menu open', async () => {
    const app = renderApp('/home', { walletConnector: chain.connector().load });
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'My Wallet' })).toBeEnabled());
    await app.user.click(screen.getByRole('button', { name: 'My Wallet' }));
    const native = await screen.findByTestId('balance-native');
    await app.user.click(within(native).getByRole('button', { name: '3.1415, rounded: show the exact figure' }));
    expect(native).toHaveTextContent('3141592653589793238 base units');
    await app.user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    // Neither was a choice: the header menu is still open, and the figure and "Copied" are still there to read.
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(native).toHaveTextContent('3141592653589793238 base units');
    // A link is a choice: it closes the menu.
    await app.user.click(screen.getByRole('banner').querySelector('a[href="/about"]')!);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('copies the full address', async () => {
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(DEFAULT_USER.address);
  });
});

describe('the wallet dialog’s code', () => {
  it('a load that failed (server refused the file) says so, and the next Connect Wallet loads it again', async () => {
    localStorage.clear();
    const connector = chain.connector({ connected: false });
    let loads = 0;
    const load = () => {
      loads += 1;
      return loads === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : connector.load();
    };
    const { user } = renderApp('/home', { walletConnector: load });
    const connect = within(screen.getByRole('banner')).getByRole('button', { name: 'Connect Wallet' });
    await user.click(connect);
    expect(
      await screen.findByText('The wallet dialog could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(connector.state.opened).toBe(0);
    await waitFor(() => expect(connect).toBeEnabled());
    await user.click(connect);
    await waitFor(() => expect(connector.state.opened).toBe(1));
    expect(loads).toBe(2);
    expect(await screen.findByRole('button', { name: 'My Wallet' })).toBeInTheDocument();
  });
});
