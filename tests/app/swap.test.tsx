/**
 * The swap page through the screen: the order book of each tab, Record and Your Listings built
 * from one getOrders() read of a fake Swap contract (tests/app/fake-swap.ts) on the fake chain,
 * and every write (trade, create, edit, cancel) through the shared chain action with a real
 * ethers signer. Order ids must be positions in the unfiltered array whatever the view sorts.
 */
import { focusManager } from '@tanstack/react-query';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseNatura, parseUsdt } from '@/lib/chain/units';
import { swapOrderId } from './swap-test-helpers';
import { renderApp, storeSession } from '../render';
import { FakeChain, NATURA, USDT, USER } from './fake-chain';
import { FakeSwap, SWAP } from './fake-swap';

configure({ asyncUtilTimeout: 15_000 });
// Several wallet round trips per test: room for a loaded machine.
vi.setConfig({ testTimeout: 45_000 });

const MAKER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let chain: FakeChain;
let swap: FakeSwap;

beforeEach(() => {
  chain = new FakeChain().serveRpc().fundUsdt(USER, parseUsdt('10000'));
  chain.natura.fund(USER, parseNatura('5000'));
  swap = chain.install(SWAP, new FakeSwap(chain));
  // The contract holds the seeded escrows.
  chain.fundUsdt(SWAP, parseUsdt('100000'));
  chain.natura.fund(SWAP, parseNatura('100000'));
  storeSession(USER, 7);
});
afterEach(() => Swal.close());

const sends = () => chain.walletMethods().filter((method) => method === 'eth_sendTransaction').length;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const alertText = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });
/**
 * One confirmation per action: the outcome is said once, in the dialog named `dialogName`, in the
 * spec's words, and no pop-up opens on top of it.
 */
async function outcomeIn(dialogName: string, text: string) {
  const dialog = screen.getByRole('dialog', { name: dialogName });
  expect(await within(dialog).findByTestId('swap-outcome', {}, { timeout: 15_000 })).toHaveTextContent(text);
  expect(Swal.isVisible()).toBe(false);
}

/** A mixed book: ids 0..5 in creation order, prices out of order. */
function seedBook() {
  swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('100'), price: parseUsdt('1.5') }); // 0 Buy/Natura
  swap.seed({ owner: MAKER, tokenA: USDT, amountA: parseUsdt('50'), price: parseNatura('0.8') }); // 1 Buy/USDT
  swap.seed({ owner: OTHER, tokenA: NATURA, amountA: parseNatura('10'), price: parseUsdt('1.2') }); // 2 Buy/Natura
  swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('7'), price: parseUsdt('0.9'), status: 2 }); // 3 cancelled
  swap.seed({ owner: OTHER, tokenA: NATURA, amountA: parseNatura('3'), price: parseUsdt('1.3'), orderType: 'buy' }); // 4 Sell/USDT
  // 5 filled at 0.8 NAT per USDT = 1.25 USDT per NAT: the last trade the price check compares with, within 20 % of
  // the book's prices.
  swap.seed({ owner: MAKER, tokenA: USDT, amountA: parseUsdt('20'), price: parseNatura('0.8'), status: 0 }); // 5 filled
}

describe('order book', () => {
  it('shows open orders of the tab only, best price first, owner shortened, Trade ids from the unsorted array', async () => {
    seedBook();
    renderApp('/swapping', { walletConnector: chain.connector().load });
    expect(await screen.findByRole('heading', { name: 'Swap your tokens' })).toBeInTheDocument();
    // Buy × Natura: sell orders depositing Natura, ids 2 (1.2) then 0 (1.5).
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map(swapOrderId)).toEqual([2, 0]);
    expect(rows()[0]).toHaveTextContent('0x90F....3b906');
    expect(rows()[0]).toHaveTextContent('1.200 USDT');
    expect(rows()[0]).toHaveTextContent('10 NAT');
    expect(rows()[0]).toHaveTextContent('12.00 USDT'); // Purchasing = 10 × 1.2
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Owner', 'Price/Token', 'Token', 'On-Sale', 'Purchasing']);
  });

  it('Sell tabs list makers’ buy orders with Purchasing before On-Sale', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Sell' }));
    await user.click(screen.getByRole('button', { name: 'USDT' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([4]));
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Owner', 'Price/Token', 'Token', 'Purchasing', 'On-Sale']);
    const cells = within(rows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // No Natura price on this chain: only the USDT figure has its "≈ $".
    expect(cells.slice(3, 5)).toEqual(['3.90 USDT ≈ $3.90', '3 NAT ']);
  });

  it('each tab says in one line what its rows are; Buy/Sell and USDT/Natura are toggle buttons with their pressed state', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const line = await screen.findByTestId('swap-tab-line');
    const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
    expect(line).toHaveTextContent('People selling Natura for USDT');
    expect([pressed('Buy'), pressed('Sell'), pressed('USDT'), pressed('Natura')]).toEqual([
      'true',
      'false',
      'false',
      'true',
    ]);
    await user.click(screen.getByRole('button', { name: 'USDT' }));
    expect(line).toHaveTextContent('People selling USDT for Natura');
    expect([pressed('USDT'), pressed('Natura')]).toEqual(['true', 'false']);
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(line).toHaveTextContent('People buying USDT with Natura: Purchasing is the USDT you pay');
    expect([pressed('Buy'), pressed('Sell')]).toEqual(['false', 'true']);
    await user.click(screen.getByRole('button', { name: 'Natura' }));
    expect(line).toHaveTextContent('People buying Natura with USDT');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByTestId('swap-tab-line')).toHaveTextContent('Closed orders, newest first');
  });

  it('without a wallet the row button says Connect Wallet and only connects', async () => {
    seedBook();
    const connector = chain.connector({ connected: false });
    const { user } = renderApp('/swapping', { walletConnector: connector.load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Connect your wallet to create listings')).toBeInTheDocument();
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Connect Wallet' }));
    await waitFor(() => expect(connector.state.opened).toBe(1));
    expect(screen.queryByRole('dialog', { name: 'Trade' })).not.toBeInTheDocument();
    expect(sends()).toBe(0);
  });

  it('pages a long book 25 rows at a time', async () => {
    for (let i = 0; i < 30; i += 1) {
      swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('1'), price: BigInt(1_000_000 + 30 - i) });
    }
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(swapOrderId(rows()[0]!)).toBe(29); // cheapest = last created
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(swapOrderId(rows()[4]!)).toBe(0);
  });
});

describe('trade', () => {
  it('a fractional order: approves exactly P = price × whole tokens, marks the uncharged fraction, swaps the clicked order’s array index, balances move as previewed', async () => {
    seedBook();
    // 2.5 NAT at 1.000001 USDT: only 2 whole NAT are charged, P = 2.000002 USDT (not 2.5000025).
    const id = swap.seed({ owner: OTHER, tokenA: NATURA, amountA: parseNatura('2.5'), price: 1_000_001n });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map(swapOrderId)).toEqual([id, 2, 0]); // cheapest first: the new order is on top
    expect(rows()[0]).toHaveTextContent('2.00 USDT'); // Purchasing
    expect(within(rows()[0]!).getByTestId('fraction-note')).toHaveTextContent('the fraction is not charged');
    expect(within(rows()[1]!).queryByTestId('fraction-note')).toBeNull();
    const usdtBefore = chain.usdtOf(USER);
    const natBefore = chain.natura.balanceOf(USER);
    await user.click(await screen.findByRole('button', { name: `Trade order ${id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    expect(within(dialog).getByTestId('trade-pay')).toHaveTextContent('2.000002 USDT');
    expect(within(dialog).getByTestId('trade-receive')).toHaveTextContent('2.4 NAT');
    expect(within(dialog).getByTestId('trade-fraction')).toHaveTextContent('0.5 NAT of this order');
    expect(await within(dialog).findByTestId('trade-approval')).toHaveTextContent(
      'First you approve exactly 2.000002 USDT to the swap contract.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    await outcomeIn('Trade', 'Success Transaction Successfull');
    expect(swap.calls.map((call) => call.name)).toEqual(['swap']);
    expect(swap.calls[0]!.args[0]).toBe(BigInt(id));
    expect(chain.usdtOf(USER)).toBe(usdtBefore - 2_000_002n);
    expect(chain.natura.balanceOf(USER)).toBe(natBefore + parseNatura('2.4'));
    expect(chain.allowances.get(`${USER}:${SWAP}`.toLowerCase())).toBe(0n); // approve covered exactly
    expect(swap.orders[id]!.status).toBe(0);
    // The book refreshed: the filled order is gone.
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([2, 0]));
  });

  it('a larger leftover allowance: the plan says so and first sets it to exactly P', async () => {
    seedBook();
    chain.allowances.set(`${USER}:${SWAP}`.toLowerCase(), parseUsdt('500'));
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    expect(await within(dialog).findByTestId('trade-approval')).toHaveTextContent(
      'Your USDT allowance to the swap contract is 500 USDT, more than this trade costs. It is first set to exactly 12 USDT',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    await outcomeIn('Trade', 'Success Transaction Successfull');
    const approve = chain.walletCalls.filter((call) => call.method === 'eth_sendTransaction')[0]!;
    // approve(swap, 12 USDT): the old 500 USDT allowance is replaced, and the trade uses it up.
    expect((approve.params![0] as { data: string }).data.endsWith(parseUsdt('12').toString(16).padStart(64, '0'))).toBe(
      true,
    );
    expect(sends()).toBe(2);
    expect(chain.allowances.get(`${USER}:${SWAP}`.toLowerCase())).toBe(0n);
  });

  it('no Trade button on one’s own order', async () => {
    seedBook();
    swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('1'), price: parseUsdt('1') });
    renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]!).getByText('Your order')).toBeInTheDocument();
    expect(within(rows()[0]!).queryByRole('button', { name: /^Trade/ })).toBeNull();
    expect(within(rows()[1]!).getByRole('button', { name: 'Trade order 2' })).toBeInTheDocument();
  });

  it('an order filled while the approval was pending: the check right before the trade refuses it, no second prompt', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    // Someone else fills order 2 after the pre-flight read (getOrderById, 0x42b50a7a), while this
    // taker's approval is mined: the second read, right before the trade, sees it filled.
    let reads = 0;
    const view = swap.view.bind(swap);
    swap.view = (data) => {
      if (data.startsWith('0x42b50a7a') && ++reads === 2) swap.orders[2]!.status = 0;
      return view(data);
    };
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(await within(dialog).findByText(/Someone has already filled this order/)).toBeInTheDocument();
    expect(sends()).toBe(1); // the approval only
    expect(swap.calls).toEqual([]);
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('a revert of §9.4 is said in the user’s words, never as a raw "ERC20: …"', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    // The swap pulls more than approved: the fake token reverts "ERC20: insufficient allowance".
    const pull = chain.pullUsdt.bind(chain);
    chain.pullUsdt = (owner, spender, amount) => pull(owner, spender, amount + 1n);
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(
      await within(dialog).findByText(/the swap contract may not take that much from your wallet/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/ERC20/)).toBeNull();
  });

  it('an order filled since the page loaded gets a clear message and no wallet prompt', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    swap.orders[2]!.status = 0; // someone else filled it
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(await within(dialog).findByText(/Someone has already filled this order/)).toBeInTheDocument();
    expect(sends()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([0]));
  });

  it('re-reads the book when the tab regains focus: an order gone meanwhile loses its Trade button', async () => {
    seedBook();
    renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([2, 0]));
    swap.orders[2]!.status = 0; // filled from another tab while this one was in the background
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([0]));
    expect(screen.queryByRole('button', { name: 'Trade order 2' })).toBeNull();
    act(() => focusManager.setFocused(undefined));
  });

  it('checks the taker’s balance before any wallet prompt', async () => {
    seedBook();
    chain.fundUsdt(USER, parseUsdt('1'));
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(await within(dialog).findByText('Your balance is 1 USDT; this needs 12 USDT.')).toBeInTheDocument();
    expect(sends()).toBe(0);
  });

  it('a wallet rejection is not an error pop-up', async () => {
    seedBook();
    chain.approveUsdt(USER, SWAP, parseUsdt('1000'));
    chain.rejectNextRequest('eth_sendTransaction');
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(await within(dialog).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
    expect(swap.orders[2]!.status).toBe(1);
  });
});

async function openCreate(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Manage your listings' }));
  await user.click(await screen.findByRole('button', { name: 'Create new listing' }));
  return screen.findByRole('dialog', { name: 'Create Listing' });
}

describe('create listing', () => {
  it('empty or zero fields: Please fill all the fields, naming each missing field inline in the dialog, nothing sent', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(within(dialog).getByTestId('create-missing')).toHaveTextContent(
      'Please fill all the fields: Token, Price, Amount.',
    );
    expect(within(dialog).getByText('Choose the token.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the price.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the amount.')).toBeInTheDocument();
    expect(Swal.isVisible()).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '0');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(within(dialog).getByTestId('create-missing')).toHaveTextContent('Please fill all the fields: Price.');
    await user.clear(within(dialog).getByPlaceholderText('Enter the price in USDT'));
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '1');
    expect(within(dialog).queryByTestId('create-missing')).toBeNull();
    expect(sends()).toBe(0);
  });

  it('shows the balance of the token to deposit from the start', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    // Before a token is chosen: both; then the one the maker deposits (Buy Natura deposits USDT).
    expect(await within(dialog).findByTestId('create-balance')).toHaveTextContent(
      'Your balances: 10,000 USDT · 5,000 NAT',
    );
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    expect(within(dialog).getByTestId('create-balance')).toHaveTextContent('Your balance: 5,000 NAT');
    await user.click(within(dialog).getByRole('button', { name: 'Buy Token' }));
    expect(within(dialog).getByTestId('create-balance')).toHaveTextContent('Your balance: 10,000 USDT');
  });

  it('bad input is named under its field and keeps what was typed', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    const price = within(dialog).getByPlaceholderText('Enter the price in USDT');
    await user.type(price, '1.1234567');
    expect(within(dialog).getByText('At most 6 decimals for USDT.')).toBeInTheDocument();
    const amount = within(dialog).getByPlaceholderText('Enter the amount');
    await user.type(amount, '-5');
    expect(within(dialog).getByText('The value cannot be negative.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(price).toHaveValue('1.1234567');
    expect(sends()).toBe(0);
    await user.clear(amount);
    await user.type(amount, '9999');
    await user.clear(price);
    await user.type(price, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText('Your balance is 5,000 NAT; this needs 9,999 NAT.')).toBeInTheDocument();
    expect(sends()).toBe(0);
  });

  it('sell Natura: fee preview from bigint, approve the amount, createOrder with exact units', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    expect(within(dialog).getByText(/Four percent will be deducted as fee/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '1.234567');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '123.5');
    // whole tokens only: the fraction would be given away (§9.4)
    expect(
      within(dialog).getByText(
        'Whole NAT only: the swap charges whole tokens only, so a fraction would be given away.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(sends()).toBe(0);
    await user.clear(within(dialog).getByPlaceholderText('Enter the amount'));
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '123');
    // offering = what the maker deposits, 123 NAT; getting = P − 3 % − 1 % = 151.851741 × 0.96 (§C9.4)
    expect(within(dialog).getByLabelText("You're offering")).toHaveValue('123 NAT');
    expect(within(dialog).getByLabelText("You're getting")).toHaveValue('145.77 USDT');
    expect(within(dialog).getByTestId('create-preview')).toHaveTextContent(
      'You deposit 123 NAT now. When someone fills the order they pay 151.851741 USDT; the 3% + 1% fee (6.074069 USDT) goes to the fee wallet and you receive 145.777672 USDT.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await outcomeIn('Create Listing', 'Success! You have created a listing');
    expect(swap.orders).toHaveLength(1);
    expect(swap.orders[0]).toMatchObject({
      tokenA: NATURA,
      amountA: parseNatura('123'),
      price: 1_234_567n,
      orderType: 'sell',
      status: 1,
    });
    expect(sends()).toBe(2); // approve + createOrder
  });

  it('Italian price and amount: 1,5 USDT and 1.000 NAT, each echoed, createOrder with exact units; 1.5 refused', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load, language: 'it' });
    await user.click(await screen.findByRole('button', { name: 'Gestisci i tuoi annunci' }));
    await user.click(await screen.findByRole('button', { name: 'Crea nuovo annuncio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crea annuncio' });
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    const price = within(dialog).getByPlaceholderText('Inserisci il prezzo in USDT');
    await user.type(price, '1.5');
    expect(
      within(dialog).getByText(
        'In italiano scrivi gli importi come 45.000,5: punto per le migliaia, virgola per i decimali.',
      ),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '1,5');
    await user.type(within(dialog).getByPlaceholderText('Inserisci la quantità'), '1.000');
    const exact = { normalizer: (text: string) => text };
    expect(within(dialog).getByText('= 1,500 USDT', exact)).toBeInTheDocument();
    expect(within(dialog).getByText('= 1\u00a0000,000 NAT', exact)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crea annuncio' }));
    await outcomeIn('Crea annuncio', 'Hai creato un annuncio');
    expect(swap.orders[0]).toMatchObject({ tokenA: NATURA, amountA: parseNatura('1000'), price: 1_500_000n });
  });

  it('buy Natura deposits USDT: the price typed in USDT per Natura is stored as the contract’s NAT per USDT', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Buy Token' }));
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    expect(within(dialog).getByLabelText('Price of one Natura (USDT/NAT)')).toBeInTheDocument();
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '1.25');
    expect(within(dialog).getByTestId('stored-price')).toHaveTextContent(
      'Stored as 0.800000000000000000 NAT per USDT = 1.25 USDT/NAT.',
    );
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '25');
    // USDT deposit: the maker is paid in Natura, 4 % of it burned (§C9.4).
    expect(within(dialog).getByTestId('create-preview')).toHaveTextContent(
      'You deposit 25 USDT now. When someone fills the order they pay 20 NAT; the 4% fee (0.8 NAT) is burned and you receive 19.2 NAT.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await outcomeIn('Create Listing', 'Success! You have created a listing');
    expect(swap.orders[0]).toMatchObject({
      tokenA: USDT,
      amountA: parseUsdt('25'),
      price: parseNatura('0.8'),
      orderType: 'buy',
    });
  });

  it('not signed in: Please login to create listing', async () => {
    localStorage.removeItem('jwtToken'); // the wallet reconnects; the sign-in is declined
    chain.rejectNextRequest('personal_sign');
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'usdt');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '0.5');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText('Please login to create listing')).toBeInTheDocument();
    expect(sends()).toBe(0);
  });

  it('wrong network: the spec’s message and nothing sent', async () => {
    chain.walletChainId = 1;
    chain.rejectNextRequest('wallet_switchEthereumChain'); // the switch asked on connect
    const { user } = renderApp('/swapping', { walletConnector: chain.connector({ chainId: 1 }).load });
    const dialog = await openCreate(user);
    await waitFor(() => expect(chain.walletMethods()).toContain('wallet_switchEthereumChain'));
    chain.rejectNextRequest('wallet_switchEthereumChain'); // and the one the action asks
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'usdt');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '0.5');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await alertText('Please connect to Polygon mumbai network');
    expect(sends()).toBe(0);
    expect(swap.orders).toHaveLength(0);
  });
});

describe('your listings', () => {
  async function openListings(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Manage your listings' }));
    await user.click(await screen.findByRole('button', { name: 'Your Listings' }));
  }

  it('shows the owner’s open orders newest first, owner matched case-insensitively', async () => {
    seedBook();
    swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('4'), price: parseUsdt('2') }); // 6
    swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('8'), price: parseNatura('3'), orderType: 'buy' }); // 7
    swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('9'), price: parseNatura('3'), status: 2 }); // 8
    swap.orders[6]!.owner = USER.toLowerCase();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([7, 6]));
    // 3 NAT per USDT, shown the people's way round; the kind in words, not Token "USDT" + "buy".
    expect(rows()[0]).toHaveTextContent('0.333 USDT/NAT');
    expect(rows()[0]).toHaveTextContent('8.00 USDT');
    expect(rows()[0]).toHaveTextContent('Buying Natura');
    expect(rows()[0]).toHaveTextContent('USDT deposited');
    expect(rows()[0]).not.toHaveTextContent(/\bbuy\b/);
    expect(rows()[1]).toHaveTextContent('Selling Natura');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('edit up approves exactly the difference; edit down approves nothing; blank keeps the value', async () => {
    const id = swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('10'), price: parseUsdt('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    await user.click(await screen.findByRole('button', { name: `Edit order ${id}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Listing' });
    await user.type(within(dialog).getByLabelText('Update quantity*'), '10.5');
    expect(within(dialog).getByText(/Whole NAT only/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(sends()).toBe(0);
    await user.clear(within(dialog).getByLabelText('Update quantity*'));
    await user.type(within(dialog).getByLabelText('Update quantity*'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await outcomeIn('Edit Listing', 'Your order has been updated');
    expect(swap.orders[id]).toMatchObject({ amountA: parseNatura('11'), price: parseUsdt('2') });
    expect(sends()).toBe(2);
    const approve = chain.walletCalls.filter((call) => call.method === 'eth_sendTransaction')[0]!;
    // approve(swap, 1 NAT): exactly the difference
    expect(
      (approve.params![0] as { data: string }).data.endsWith(parseNatura('1').toString(16).padStart(64, '0')),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: `Edit order ${id}` }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Listing' });
    await user.type(within(dialog).getByLabelText('Update quantity*'), '4');
    await user.type(within(dialog).getByLabelText('Update price*'), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await outcomeIn('Edit Listing', 'Your order has been updated');
    expect(swap.orders[id]).toMatchObject({ amountA: parseNatura('4'), price: parseUsdt('2.5') });
    expect(sends()).toBe(3); // no approve for a decrease
  });

  it('amount display: the cancel dialog writes the order line by the policy, its rounded amount one tap from the exact one', async () => {
    const id = swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('1.23456789'), price: parseUsdt('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    await user.click(await screen.findByRole('button', { name: `Cancel order ${id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    const line = within(dialog).getByText(new RegExp(`^Order #?${id}`));
    expect(line).toHaveTextContent(new RegExp(`^Order #?${id}: 1\\.2345 NAT @ 2\\.000 USDT/NAT$`));
    // 2 USDT per Natura is whole at 3 decimals: plain text; 1.23456789 Natura is not at 4.
    const rounded = within(line).getByRole('button');
    expect(rounded).toHaveAccessibleName('1.2345 NAT, rounded: show the exact figure');
    await user.click(rounded);
    expect(within(line).getByRole('note')).toHaveTextContent(
      '(exactly 1.23456789 NAT; 1234567890000000000 base units)',
    );
    // The refund is a preview of what comes back: every unit.
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent('whole deposit of 1.23456789 NAT');
    expect(sends()).toBe(0);
  });

  it('cancel: the dialog names the order and its refund, one click cancels, Cancelled! then the listing is gone', async () => {
    const first = swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('10'), price: parseUsdt('2') });
    const second = swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('3'), price: parseNatura('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    await user.click(await screen.findByRole('button', { name: `Cancel order ${first}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'Cancelling returns your whole deposit of 10 NAT to your wallet.',
    );
    expect(sends()).toBe(0); // opening the dialog asks nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    await outcomeIn('Cancel listing', 'Cancelled! Your order has been cancelled.');
    expect(swap.orders[first]!.status).toBe(2);
    expect(swap.calls).toEqual([{ name: 'cancelOrder', args: [BigInt(first)] }]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel listing' })).getByRole('button', { name: 'Done' }),
    );
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([second]));
  });

  it('edit reads the order again on chain: one filled meanwhile is refused with no prompt, and then offered no more', async () => {
    const id = swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('10'), price: parseUsdt('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    const edit = await screen.findByRole('button', { name: `Edit order ${id}` });
    swap.orders[id]!.status = 0; // filled from elsewhere; this tab still shows it (the contract would refund again, §9.4)
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Listing' });
    await user.type(within(dialog).getByLabelText('Update quantity*'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(/Someone has already filled this order/)).toBeInTheDocument();
    expect(sends()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Edit order ${id}` })).toBeNull());
    expect(screen.queryByRole('button', { name: `Cancel order ${id}` })).toBeNull();
    expect(swap.calls).toEqual([]);
  });

  it('cancel reads the order again on chain: one filled meanwhile is refused with no prompt', async () => {
    const id = swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('3'), price: parseNatura('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    const cancel = await screen.findByRole('button', { name: `Cancel order ${id}` });
    swap.orders[id]!.status = 0;
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    expect(await within(dialog).findByText(/Someone has already filled this order/)).toBeInTheDocument();
    expect(sends()).toBe(0);
    expect(swap.calls).toEqual([]);
  });

  it('an order cancelled meanwhile (another tab): Already Cancelled! and no call', async () => {
    const id = swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('3'), price: parseNatura('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await openListings(user);
    const cancel = await screen.findByRole('button', { name: `Cancel order ${id}` });
    swap.orders[id]!.status = 2; // this tab still shows it
    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel listing' })).getByRole('button', {
        name: 'Cancel listing',
      }),
    );
    await alertText('You have already cancelled this order.');
    expect(screen.getByText('Already Cancelled!')).toBeInTheDocument();
    expect(sends()).toBe(0);
    expect(swap.calls).toEqual([]);
  });
});

describe('record', () => {
  it('opens on Record when navigated with state; filters; same units in every variant', async () => {
    seedBook();
    const { user } = renderApp(
      { pathname: '/swapping', state: { view: 'record' } },
      { walletConnector: chain.connector().load },
    );
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([5, 3]));
    const [filled, cancelled] = rows();
    expect(within(filled!).getByText('Successful')).toHaveClass('text-success');
    expect(within(cancelled!).getByText('Cancelled')).toHaveClass('text-danger');
    expect(filled).toHaveTextContent('USDT deposited');
    expect(filled).toHaveTextContent('Buying Natura'); // a USDT deposit, whatever its "sell" label
    expect(filled).toHaveTextContent('1.250 USDT/NAT'); // 0.8 NAT per USDT, the people's way round
    expect(filled).toHaveTextContent('20.00 USDT');
    await user.click(screen.getByRole('button', { name: 'Filter records' }));
    await user.click(await screen.findByRole('button', { name: 'Successful Listings' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([5]));
    expect(rows()[0]).toHaveTextContent('20.00 USDT');
    expect(rows()[0]).toHaveTextContent('1.250 USDT/NAT');
    await user.click(screen.getByRole('button', { name: 'Filter records' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelled Listings' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([3]));
    expect(rows()[0]).toHaveTextContent('7 NAT');
    expect(rows()[0]).toHaveTextContent('0.900 USDT');
  });

  it('a second visit paints the book as last read while it reads it again; a failed read keeps it, said so', async () => {
    seedBook();
    const first = renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([2, 0]));
    first.unmount();
    // A new visit (a new query cache; the kept book is in the store), and the node fails.
    chain.rpcDown = true;
    renderApp('/swapping', { walletConnector: chain.connector().load });
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([2, 0]));
    expect(
      await screen.findByText('The order book could not be read again: it is shown as last read.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The order book could not be read.')).toBeNull();
  });

  it('opens on the order book without state and shows an error with Try again when the node fails', async () => {
    chain.rpcDown = true;
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    expect(await screen.findByText('The order book could not be read.')).toBeInTheDocument();
    chain.rpcDown = false;
    seedBook();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([2, 0]));
  });
});

describe('dollar values (≈ $)', () => {
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  beforeEach(() => {
    chain.natura.price = 2_500_000n; // the chain's getNaturaPrice: $2.50 per NAT
  });

  it('order book: Price/Token, On-Sale and Purchasing each show ≈ $, USDT at one dollar and NAT at the chain’s Natura price', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    // Buy × Natura, order 2: 10 NAT at 1.2 USDT, Purchasing 12 USDT.
    await waitFor(() =>
      expect(cells(rows()[0]!).slice(1, 5)).toEqual([
        '1.200 USDT/NAT ≈ $1.20',
        'Natura',
        '10 NAT ≈ $25.00',
        '12.00 USDT ≈ $12.00',
      ]),
    );
    // Buy × USDT, order 1: 50 USDT at 0.8 NAT each (1.25 USDT per NAT), Purchasing 40 NAT = $100.
    await user.click(screen.getByRole('button', { name: 'USDT' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([1]));
    await waitFor(() =>
      expect(cells(rows()[0]!).slice(1, 5)).toEqual([
        '1.250 USDT/NAT ≈ $1.25',
        'USDT',
        '50.00 USDT ≈ $50.00',
        '40 NAT ≈ $100.00',
      ]),
    );
  });

  it('Record and Your Listings show ≈ $ beside each price and amount, in Italian notation in Italian', async () => {
    seedBook();
    swap.seed({ owner: USER, tokenA: NATURA, amountA: parseNatura('1000'), price: parseUsdt('2') }); // 6
    const { user } = renderApp(
      { pathname: '/swapping', state: { view: 'record' } },
      { walletConnector: chain.connector().load, language: 'it' },
    );
    // Record, order 5: 20 USDT at 0.8 NAT each (1.25 USDT per NAT).
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([5, 3]));
    await waitFor(() =>
      expect(cells(rows()[0]!).slice(3, 5)).toEqual(['1,250 USDT/NAT ≈ $1,25', '20,00 USDT ≈ $20,00']),
    );
    await user.click(screen.getByRole('button', { name: 'Gestisci i tuoi annunci' }));
    await user.click(await screen.findByRole('button', { name: 'I tuoi annunci' }));
    await waitFor(() => expect(rows().map(swapOrderId)).toEqual([6]));
    expect(cells(rows()[0]!)[1]).toBe('2,000 USDT/NAT ≈ $2,00');
    await waitFor(() => expect(cells(rows()[0]!)[3]).toBe('1.000 NAT ≈ $2.500,00'));
  });

  it('create listing: each typed figure and the You’re offering / You’re getting preview have their ≈ $', async () => {
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '1.5');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '100');
    expect(within(dialog).getByText('≈ $1.50')).toBeInTheDocument(); // the price, one NAT in USDT
    // 100 NAT deposited = $250; received 150 USDT less 3 % + 1 % = 144 USDT.
    await waitFor(() =>
      expect(within(dialog).getByLabelText("You're offering")).toHaveAccessibleDescription('≈ $250.00'),
    );
    expect(within(dialog).getByLabelText("You're getting")).toHaveAccessibleDescription('≈ $144.00');
    // the amount's echo says the same dollar value as the preview
    expect(within(dialog).getAllByText('≈ $250.00')).toHaveLength(2);
  });

  it('edit listing: the new price and quantity are echoed with their ≈ $', async () => {
    const id = swap.seed({ owner: USER, tokenA: USDT, amountA: parseUsdt('10'), price: parseNatura('2') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Manage your listings' }));
    await user.click(await screen.findByRole('button', { name: 'Your Listings' }));
    await user.click(await screen.findByRole('button', { name: `Edit order ${id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Listing' });
    await user.type(within(dialog).getByLabelText('Update price*'), '0.5'); // USDT per NAT
    await user.type(within(dialog).getByLabelText('Update quantity*'), '30');
    expect(await within(dialog).findByText('≈ $0.50')).toBeInTheDocument(); // 0.5 USDT
    expect(within(dialog).getByTestId('stored-price')).toHaveTextContent(
      'Stored as 2.000000000000000000 NAT per USDT = 0.5 USDT/NAT.',
    );
    expect(within(dialog).getByText('≈ $30.00')).toBeInTheDocument();
    expect(sends()).toBe(0);
  });

  it('trade confirmation: what the taker pays and receives, each with its ≈ $', async () => {
    seedBook();
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Trade order 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    // 10 NAT at 1.2 USDT: pay 12 USDT, receive 10 NAT less the 4 % burn = 9.6 NAT = $24.
    expect(within(dialog).getByTestId('trade-pay').parentElement).toHaveTextContent(/^12 USDT ≈ \$12\.00$/);
    await waitFor(() =>
      expect(within(dialog).getByTestId('trade-receive').parentElement).toHaveTextContent(/^9\.6 NAT ≈ \$24\.00$/),
    );
    expect(sends()).toBe(0);
  });
});

describe('market view and price check (issue 39)', () => {
  it('the market view: best ask, best bid, spread and last trade in USDT per Natura; the depth on request', async () => {
    seedBook();
    // A bid: 30 USDT at 0.8 NAT per USDT = 1.25 USDT per NAT.
    swap.seed({ owner: OTHER, tokenA: USDT, amountA: parseUsdt('30'), price: parseNatura('0.8'), orderType: 'buy' });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const market = await screen.findByRole('region', { name: 'Market (USDT per Natura)' });
    // Asks (Natura deposits): 1.2, 1.3, 1.5 → best 1.2. Bids (USDT deposits): order 1 and the new one, both 1.25.
    await waitFor(() => expect(within(market).getByTestId('market-bestAsk')).toHaveTextContent('1.200 USDT/NAT'));
    expect(within(market).getByTestId('market-bestBid')).toHaveTextContent('1.250 USDT/NAT');
    expect(within(market).getByTestId('market-spread')).toHaveTextContent('-0.050 USDT/NAT');
    // The last filled order (5: 0.8 NAT per USDT) while no trade history says otherwise.
    expect(within(market).getByTestId('market-lastTrade')).toHaveTextContent('1.250 USDT/NAT');
    expect(within(market).queryByRole('table')).toBeNull();
    await user.click(within(market).getByRole('button', { name: 'Show depth' }));
    const bids = await within(market).findByTestId('depth-bids');
    const bidRows = within(bids).getAllByRole('row').slice(1);
    expect(bidRows).toHaveLength(1);
    // 50 + 30 USDT at 1.25, i.e. 40 + 24 NAT.
    expect(bidRows[0]).toHaveTextContent('1.250 USDT/NAT');
    expect(bidRows[0]).toHaveTextContent('64 NAT');
    expect(bidRows[0]).toHaveTextContent('80.00 USDT');
    const askPrices = within(within(market).getByTestId('depth-asks'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-price'));
    expect(askPrices).toEqual(['1200000', '1300000', '1500000']);
  });

  it('taking an order 2.5× the last trade: how far, and nothing sent until the second confirmation', async () => {
    swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('2'), price: parseUsdt('1'), status: 0 }); // 0 last
    const id = swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('4'), price: parseUsdt('2.5') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: `Trade order ${id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    const check = within(dialog).getByTestId('price-check');
    await waitFor(() => expect(check).toHaveAttribute('data-far', 'true'));
    expect(check).toHaveTextContent('Effective price: 2.5 USDT/NAT. 150.0% above the last trade (1 USDT/NAT).');
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(within(check).getByRole('checkbox')).toHaveClass('is-invalid');
    expect(sends()).toBe(0);
    await user.click(within(check).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
    await outcomeIn('Trade', 'Transaction Successfull');
    expect(swap.orders[id]!.status).toBe(0);
  });

  it('an order near the last trade says how it compares and needs no second confirmation', async () => {
    swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('2'), price: parseUsdt('1'), status: 0 });
    const id = swap.seed({ owner: MAKER, tokenA: NATURA, amountA: parseNatura('4'), price: parseUsdt('1.1') });
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: `Trade order ${id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade' });
    const check = within(dialog).getByTestId('price-check');
    await waitFor(() => expect(check).toHaveAttribute('data-far', 'false'));
    expect(check).toHaveTextContent('10.0% above the last trade (1 USDT/NAT)');
    expect(within(check).queryByRole('checkbox')).toBeNull();
  });

  it('creating an order far from the reserve value (no trade yet): labelled as such, closing sends nothing', async () => {
    chain.natura.price = 1_000_000n; // getNaturaPrice: $1 per NAT
    const { user } = renderApp('/swapping', { walletConnector: chain.connector().load });
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Buy Token' }));
    await user.selectOptions(within(dialog).getByLabelText('Token'), 'natura');
    await user.type(within(dialog).getByPlaceholderText('Enter the price in USDT'), '0.5');
    await user.type(within(dialog).getByPlaceholderText('Enter the amount'), '10');
    const check = within(dialog).getByTestId('price-check');
    await waitFor(() => expect(check).toHaveAttribute('data-far', 'true'));
    expect(check).toHaveTextContent('50.0% below the Natura reserve value (no trade yet) (1 USDT/NAT)');
    await user.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(sends()).toBe(0);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Listing' })).toBeNull());
    expect(sends()).toBe(0);
    expect(swap.orders).toHaveLength(0);
  });
});
