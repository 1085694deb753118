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
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45000.500 ≈ $45,000.50');
    const nat = screen.getByTestId('balance-nat');
    expect(nat).toHaveTextContent('1234.50');
    // 1 234.5 NAT × $2.50 = $3 086.25
    await waitFor(() => expect(nat).toHaveTextContent('≈ $3,086.25'));
    expect(screen.getByTestId('balance-native')).toHaveTextContent('3.1416');
    const list = screen.getByTestId('balance-usdt').closest('dl')!;
    expect(within(list).getByText('POL')).toBeInTheDocument();
    expect(within(list).getByText('USDT')).toBeInTheDocument();
    expect(within(list).getByText('NAT')).toBeInTheDocument();
  });

  it('writes the numbers in Italian in the Italian interface', async () => {
    await openMenu('it');
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45000,500 ≈ $45.000,50');
    await waitFor(() => expect(screen.getByTestId('balance-nat')).toHaveTextContent('1234,50 ≈ $3.086,25'));
  });

  it('says when the balances cannot be read, and reads them again on request', async () => {
    chain.rpcDown = true;
    const { user } = await openMenu();
    expect(await screen.findByText('The balances could not be read.')).toBeInTheDocument();
    chain.rpcDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('balance-usdt')).toHaveTextContent('45000.500');
  });

  it('copies the full address', async () => {
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(DEFAULT_USER.address);
  });
});
