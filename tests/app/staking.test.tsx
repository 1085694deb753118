/**
 * The staking page through the screen: the fake chain answers the read provider and the wallet,
 * with the four pools as ERC-721 collections (the keyless on-chain indexer enumerates them, their
 * metadata served by MSW), TerraStaking + helper plugged in, and Natura paying the rewards.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Interface } from 'ethers';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStakedNfts, type StakedNfts } from '@/features/staking/api/get-staked-nfts';
import { NATURA_ABI } from '@/lib/chain/contracts/natura';
import { createReadProvider } from '@/lib/chain/provider';
import { StakedList } from '@/features/staking/components/staked-nfts-panel';
import { initI18n } from '@/lib/i18n/i18n';
import { DEFAULT_USER } from '../msw/cms-db';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { CHAIN_ID, FakeChain, RPC_URL, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';
import { FakeStaking, HELPER, POOLS, STAKING, STAKING_OWNER } from './fake-staking';

configure({ asyncUtilTimeout: 8000 });

const DAY = 86_400;
const E18 = 10n ** 18n;
const NAMES = ['Terra Genesis', 'Amazon Canopy', 'Coral Guardians', 'Alpine Spirits'];
/** Pool 1 pays an odd amount so that the maths is checked to the wei. */
const ODD_RATE = 1_234_567_890_123_456_789n;
const RATES = [10n * E18, ODD_RATE, 5n * E18, 25n * E18];
const META = 'http://meta.test/token';
const NATURA_PRICE_CALL = new Interface(NATURA_ABI).encodeFunctionData('getNaturaPrice');

let chain: FakeChain;
let pools: FakeNftCollection[];
let staking: FakeStaking;
let missingMetadata: Set<string>;

beforeEach(() => {
  chain = new FakeChain().serveRpc();
  pools = POOLS.map((address, pid) =>
    chain.install(address, new FakeNftCollection(chain, address, NAMES[pid]!, `${META}/${pid}/`)),
  );
  staking = chain.install(STAKING, new FakeStaking(chain, pools, RATES));
  chain.install(HELPER, staking.helper());
  staking.fundRewards(1_000_000n * E18);
  missingMetadata = new Set();
  server.use(
    http.get(`${META}/:pid/:id`, ({ params }) => {
      const key = `${String(params.pid)}/${String(params.id)}`;
      if (missingMetadata.has(key)) return new HttpResponse(null, { status: 404 });
      return HttpResponse.json({ name: `Token ${key}`, image: `https://img.test/${key}.png` });
    }),
  );
});

afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  vi.useRealTimers();
});

function openSignedIn() {
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
  return renderApp('/nft-staking', { walletConnector: chain.connector().load });
}

const sends = () => chain.walletMethods().filter((method) => method === 'eth_sendTransaction');
const stakedTab = () => screen.getByRole('tab', { name: 'MY STAKED NFTS' });
const row = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

/** The sweetalert2 dialog hides the page from assistive tech until it is closed. */
async function closeAlert(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

async function choose(user: ReturnType<typeof userEvent.setup>, title: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole('button', { name: item }));
  if (item === 'Stake' || item === 'Unstake') await confirmIn(user, `${item} this NFT?`, item);
}

/** Stake and Unstake ask first: the dialog's confirm button goes on to the wallet. */
async function confirmIn(user: ReturnType<typeof userEvent.setup>, dialogName: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).toBeNull());
}

/** Claim Rewards opens the claim dialog first; its Claim button goes on to the wallet. */
async function confirmClaim(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Claim rewards' });
  await user.click(within(dialog).getByRole('button', { name: 'Claim' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim rewards' })).toBeNull());
}

describe('staking page: the gate', () => {
  it("without a wallet shows the four pools with collection, reward per day at today's rate and staked count, then Connect Wallet that opens the wallet dialog", async () => {
    staking.seed(1, 3, USER, DAY).seed(1, 4, USER).seed(3, 2, USER);
    const connector = chain.connector({ connected: false });
    const { user } = renderApp('/nft-staking', { walletConnector: connector.load });
    expect(await screen.findByRole('heading', { name: 'Stake and Earn' })).toBeInTheDocument();
    expect(screen.getByText('Stake your NFTs and earn rewards')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Staking pools' });
    const items = within(list).getAllByRole('listitem');
    // Each pool's yearly-rate line (an estimate at the Natura price) is checked in the ≈ $ tests below.
    const withoutRate = (item: HTMLElement) =>
      (item.textContent ?? '').replace(item.querySelector('.staking-pool-apr')?.textContent ?? '', '');
    expect(items.map(withoutRate)).toEqual([
      "Terra GenesisReward per NFT per day: 10.00 Natura, at today's rate 0 NFTs staked",
      "Amazon CanopyReward per NFT per day: 1.23 Natura, at today's rate 2 NFTs staked",
      "Coral GuardiansReward per NFT per day: 5.00 Natura, at today's rate 0 NFTs staked",
      "Alpine SpiritsReward per NFT per day: 25.00 Natura, at today's rate 1 NFT staked",
    ]);
    expect(chain.walletMethods().filter((method) => method.startsWith('eth_') && method !== 'eth_chainId')).toEqual([]);
    const page = document.querySelector<HTMLElement>('.staking-page')!;
    // The one action is Connect Wallet; the other button is a rounded reward (1.23…) opening its exact figure.
    const buttons = within(page).getAllByRole('button');
    expect(buttons.filter((button) => !button.classList.contains('amount-rounded')).map((b) => b.textContent)).toEqual([
      'Connect Wallet',
    ]);
    expect(buttons.filter((button) => button.classList.contains('amount-rounded')).map((b) => b.textContent)).toEqual([
      '1.23',
    ]);
    await user.click(within(page).getByRole('button', { name: 'Connect Wallet' }));
    expect(connector.state.opened).toBe(1);
    expect(await screen.findByRole('tab', { name: 'MY NFTS' })).toBeInTheDocument();
    expect(stakedTab()).toBeInTheDocument();
  });
});

describe('the tabs', () => {
  it('are a keyboard tablist: the arrow keys move between MY NFTS and MY STAKED NFTS', async () => {
    staking.seed(0, 4, USER, DAY);
    const { user } = openSignedIn();
    const nfts = await screen.findByRole('tab', { name: 'MY NFTS' });
    expect(nfts).toHaveAttribute('aria-selected', 'true');
    nfts.focus();
    await user.keyboard('{ArrowRight}');
    expect(stakedTab()).toHaveFocus();
    expect(stakedTab()).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'MY STAKED NFTS' });
    expect(await within(panel).findByRole('heading', { name: 'Terra Genesis#4' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'MY NFTS' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('MY NFTS', () => {
  it('pages with the cursor: Next replaces the list and scrolls up, is disabled on the last page, Reset goes back', async () => {
    pools[0]!.mintTo(USER, ...Array.from({ length: 45 }, (_, i) => i + 1));
    const { user } = openSignedIn();
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#1' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#21' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terra Genesis#1' })).not.toBeInTheDocument();
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrolls);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#45' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    // The last page: its cursor is null, so Next cannot silently go back to page 1.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#1' })).toBeInTheDocument();
  });

  it('says there is nothing to show and disables Next on an empty wallet', async () => {
    openSignedIn();
    const panel = await screen.findByRole('tabpanel', { name: 'MY NFTS' });
    expect(await within(panel).findByText('No items to display')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('stake and unstake ask first', () => {
  it('Stake opens a dialog naming the NFT and its reward per day; Cancel sends nothing, Stake goes to the wallet', async () => {
    pools[1]!.mintTo(USER, 8);
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Amazon Canopy#8' });
    await user.click(screen.getByRole('button', { name: 'Actions for Amazon Canopy#8' }));
    await user.click(await screen.findByRole('button', { name: 'Stake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stake this NFT?' });
    expect(within(within(dialog).getByRole('list', { name: 'NFTs' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Amazon Canopy#8');
    await waitFor(() => expect(dialog).toHaveTextContent("earns 1.23 Natura per whole day at today's rate"));
    // The rate is rounded to 2 decimals (docs/amounts.md): its exact figure is one tap away inside the dialog.
    await user.click(within(dialog).getByRole('button', { name: '1.23, rounded: show the exact figure' }));
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      '(exactly 1.234567890123456789; 1234567890123456789 base units)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stake this NFT?' })).toBeNull());
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
    expect(chain.walletMethods()).not.toContain('eth_estimateGas');

    await choose(user, 'Amazon Canopy#8', 'Stake');
    expect(await screen.findByText('Your nft has been staked successfuly')).toBeInTheDocument();
    expect(staking.idsOf(1, USER)).toEqual([8n]);
  });

  it('Unstake selected opens a dialog naming every selected NFT and the rewards paid on the way', async () => {
    staking.seed(0, 4, USER, 3 * DAY).seed(3, 1, USER, DAY + 60);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Alpine Spirits#1' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Terra Genesis#4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpine Spirits#1' }));
    await user.click(screen.getByRole('button', { name: 'Unstake selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unstake these NFTs?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'NFTs' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Terra Genesis#4', 'Alpine Spirits#1']);
    // 3 days × 10 + 1 day × 25
    expect(dialog).toHaveTextContent("first pays the rewards of the whole days staked: 55.00 Natura at today's rate");
    expect(sends()).toHaveLength(0);
    await confirmIn(user, 'Unstake these NFTs?', 'Unstake');
    expect(
      await screen.findByText('Your nft has been unstaked successfuly You received 55.00 Natura.'),
    ).toBeInTheDocument();
    expect(chain.ownerOf(POOLS[0], 4)).toBe(USER);
    expect(chain.ownerOf(POOLS[3], 1)).toBe(USER);
  });
});

describe('stake', () => {
  it('approves, then stakes with the pool id; the wait blocks the page, then Success! and both lists refresh', async () => {
    pools[2]!.mintTo(USER, 7);
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Coral Guardians#7' });
    chain.holdBlocks = true;
    await choose(user, 'Coral Guardians#7', 'Stake');

    const wait = await screen.findByRole('dialog', { name: 'Waiting for Transaction...' });
    await within(wait).findByRole('link', { name: /View on the explorer/ });
    expect(within(wait).getByText('1 of 2 — approve NFT')).toBeInTheDocument();
    act(() => chain.mine());
    await waitFor(() => expect(sends()).toHaveLength(2));
    act(() => chain.mine());

    expect(await screen.findByText('Your nft has been staked successfuly')).toBeInTheDocument();
    expect(screen.getByText('Success!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Waiting for Transaction...' })).not.toBeInTheDocument();
    expect(chain.ownerOf(POOLS[2], 7)).toBe(STAKING);
    expect(staking.idsOf(2, USER)).toEqual([7n]);
    await closeAlert(user);

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Coral Guardians#7' })).toBeNull());
    await user.click(stakedTab());
    expect(await screen.findByRole('heading', { name: 'Coral Guardians#7' })).toBeInTheDocument();
    expect(row('Coral Guardians#7')).toHaveTextContent('Reward per day: 5.00 Natura');
  });

  it('skips the approval when the staking contract is already approved', async () => {
    pools[0]!.mintTo(USER, 3);
    chain.approvals.set(`${POOLS[0].toLowerCase()}:3`, STAKING);
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Terra Genesis#3' });
    await choose(user, 'Terra Genesis#3', 'Stake');
    expect(await screen.findByText('Your nft has been staked successfuly')).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
  });

  it('a rejection in the wallet only closes the wait: no error dialog, nothing staked', async () => {
    pools[0]!.mintTo(USER, 3);
    chain.rejectNextRequest('eth_sendTransaction');
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Terra Genesis#3' });
    await choose(user, 'Terra Genesis#3', 'Stake');
    await waitFor(() => expect(chain.walletMethods()).toContain('eth_sendTransaction'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Oops!')).not.toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(chain.ownerOf(POOLS[0], 3)).toBe(USER);
    expect(screen.getByRole('button', { name: 'Actions for Terra Genesis#3' })).toBeEnabled();
  });
});

describe('MY STAKED NFTS', () => {
  it.each([
    [0, '0.00', '0 Days 0 Hour'],
    [1, '1.23', '1 Days 0 Hour'],
    [2.5, '2.46', '2 Days 12 Hour'],
    [30, '37.03', '30 Days 0 Hour'],
  ])('after %s days: the timer and Total Rewards = whole days × reward per day', async (days, total, timer) => {
    staking.seed(1, 3, USER, days * DAY);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Amazon Canopy#3' });
    expect(row('Amazon Canopy#3')).toHaveTextContent('Reward per day: 1.23 Natura');
    expect(row('Amazon Canopy#3')).toHaveTextContent(`Total Rewards: ${total} Natura`);
    expect(row('Amazon Canopy#3')).toHaveTextContent(timer);
    await waitFor(() =>
      expect(row('Amazon Canopy#3').querySelector('img')).toHaveAttribute('src', 'https://img.test/1/3.png'),
    );
  });

  it('the claim dialog says what is paid, the hours forfeited and when the next whole day starts; the claim pays exactly that and restarts the timer', async () => {
    staking.seed(1, 3, USER, 2 * DAY + 12 * 3600 + 25 * 60);
    const before = chain.natura.balanceOf(USER);
    const ownerBefore = chain.natura.balanceOf(STAKING_OWNER);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Amazon Canopy#3' });
    await choose(user, 'Amazon Canopy#3', 'Claim Rewards');
    const dialog = await screen.findByRole('dialog', { name: 'Claim rewards' });
    // 2 × 1.234567890123456789: 2 decimals, rounded down (docs/amounts.md), the wei one tap away
    expect(dialog).toHaveTextContent("You will be paid 2.46 Natura, at today's rate.");
    await user.click(within(dialog).getByRole('button', { name: /^2\.46, rounded/ }));
    expect(dialog).toHaveTextContent('(exactly 2.469135780246913578; 2469135780246913578 base units)');
    expect(dialog).toHaveTextContent(
      'Amazon Canopy#3: 2 whole days paid; 12 h 25 min of the current day forfeited; the next whole day starts in 11 h 35 min.',
    );
    expect(sends()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(
      await screen.findByText('Your have claimed your rewards successfuly You received 2.46 Natura.'),
    ).toBeInTheDocument();
    // The exact figure under the message, one tap away.
    await user.click(screen.getByText('Exact figure'));
    expect(screen.getByText('exactly 2.469135780246913578 Natura; 2469135780246913578 base units')).toBeVisible();
    expect(chain.natura.balanceOf(USER) - before).toBe(2n * ODD_RATE);
    // Pulled from the staking owner's wallet (§9.2), through its allowance.
    expect(ownerBefore - chain.natura.balanceOf(STAKING_OWNER)).toBe(2n * ODD_RATE);
    await closeAlert(user);
    // The claim restarts the count at the claim: the 12 h 25 min are gone.
    await waitFor(() => expect(row('Amazon Canopy#3')).toHaveTextContent('Total Rewards: 0.00 Natura'));
    expect(row('Amazon Canopy#3')).toHaveTextContent('Time since the last claim: 0 Days 0 Hour');
  });

  it('Cancel in the claim dialog sends nothing', async () => {
    staking.seed(0, 4, USER, 3 * DAY);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Terra Genesis#4' });
    await choose(user, 'Terra Genesis#4', 'Claim Rewards');
    const dialog = await screen.findByRole('dialog', { name: 'Claim rewards' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim rewards' })).toBeNull());
    expect(sends()).toHaveLength(0);
    expect(chain.walletMethods()).not.toContain('eth_estimateGas');
  });

  it('unstakes: Success!, the NFT is back in the wallet and in MY NFTS', async () => {
    staking.seed(3, 2, USER, DAY);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Alpine Spirits#2' });
    await choose(user, 'Alpine Spirits#2', 'Unstake');
    expect(
      await screen.findByText('Your nft has been unstaked successfuly You received 25.00 Natura.'),
    ).toBeInTheDocument();
    expect(chain.ownerOf(POOLS[3], 2)).toBe(USER);
    expect(chain.natura.balanceOf(USER)).toBe(25n * E18);
    await closeAlert(user);
    await user.click(screen.getByRole('tab', { name: 'MY NFTS' }));
    expect(await screen.findByRole('heading', { name: 'Alpine Spirits#2' })).toBeInTheDocument();
  });

  it('claims several selected NFTs in one transaction and shows the total claimable', async () => {
    staking
      .seed(0, 4, USER, 3 * DAY)
      .seed(2, 9, USER, 2 * DAY + 3600)
      .seed(3, 1, USER, 0);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Coral Guardians#9' });
    const summary = screen.getByRole('region', { name: 'Rewards' });
    expect(summary).toHaveTextContent('Claimable now: 40.00 Natura');
    expect(summary).toHaveTextContent('Next whole-day reward in 0 Days 23 Hour');
    await user.click(screen.getByRole('checkbox', { name: 'Select Terra Genesis#4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Coral Guardians#9' }));
    await user.click(within(summary).getByRole('button', { name: 'Claim selected (2)' }));
    expect(await screen.findByRole('dialog', { name: 'Claim rewards' })).toHaveTextContent(
      "You will be paid 40.00 Natura, at today's rate.",
    );
    await confirmClaim(user);
    expect(
      await screen.findByText('Your have claimed your rewards successfuly You received 40.00 Natura.'),
    ).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(chain.natura.balanceOf(USER)).toBe(40n * E18);
  });

  it('offers no claim with nothing to claim yet: Claim Rewards is disabled and says when the next whole day starts', async () => {
    staking.seed(0, 4, USER, 3600);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Terra Genesis#4' });
    await user.click(screen.getByRole('button', { name: 'Actions for Terra Genesis#4' }));
    const claim = await screen.findByRole('button', { name: /^Claim Rewards/ });
    // react-bootstrap's disabled menu item: aria-disabled, and its click does nothing.
    expect(claim).toHaveAttribute('aria-disabled', 'true');
    // Staked an hour ago: the first whole day starts in 23 hours.
    expect(claim).toHaveTextContent(/Nothing to claim yet: the next whole day starts in 0 Days 2[23] Hour/);
    await user.click(claim);
    expect(screen.queryByRole('dialog', { name: 'Claim rewards' })).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it.each([
    ['allowance', 'en', 'Claim Rewards'],
    ['balance', 'en', 'Unstake'],
    ['allowance', 'it', 'Riscuoti le ricompense'],
    ['balance', 'it', 'Ritira dallo staking'],
  ] as const)(
    "reward pool empty (owner %s short, %s): %s says so in the user's words and sends nothing",
    async (short, language, item) => {
      staking.seed(0, 4, USER, 3 * DAY);
      const due = 3n * RATES[0]!;
      if (short === 'allowance') staking.fundRewards(1_000_000n * E18, due - 1n);
      else staking.fundRewards(due - 1n, 1_000_000n * E18);
      storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
      const { user } = renderApp('/nft-staking', { walletConnector: chain.connector().load, language });
      const it = language === 'it';
      await user.click(await screen.findByRole('tab', { name: it ? 'I MIEI NFT IN STAKING' : 'MY STAKED NFTS' }));
      await screen.findByRole('heading', { name: 'Terra Genesis#4' });
      await user.click(screen.getByRole('button', { name: `${it ? 'Azioni per' : 'Actions for'} Terra Genesis#4` }));
      await user.click(await screen.findByRole('button', { name: item }));
      if (item === 'Claim Rewards' || item === 'Riscuoti le ricompense') {
        const dialog = await screen.findByRole('dialog', { name: it ? 'Riscuoti le ricompense' : 'Claim rewards' });
        await user.click(within(dialog).getByRole('button', { name: it ? 'Riscuoti' : 'Claim' }));
      } else {
        const name = it ? 'Ritirare questo NFT dallo staking?' : 'Unstake this NFT?';
        await confirmIn(user, name, item);
      }
      expect(await screen.findByText(it ? 'Ops!' : 'Oops!')).toBeInTheDocument();
      const alert = document.querySelector<HTMLElement>('.swal2-popup')!;
      expect(alert).toHaveTextContent(
        it
          ? /Il fondo delle ricompense è vuoto: .*30,00 Natura dovuti/
          : /The reward pool is empty: .*30.00 Natura due/,
      );
      expect(alert).toHaveTextContent(
        it
          ? /Il tuo NFT resta in staking.* finché l'operatore non ricarica il fondo\./
          : /Your NFT stays staked.* until the operator refills the pool\./,
      );
      expect(alert).not.toHaveTextContent('ERC20');
      expect(sends()).toHaveLength(0);
      expect(chain.walletMethods()).not.toContain('eth_estimateGas');
      expect(chain.ownerOf(POOLS[0], 4)).toBe(STAKING);
      expect(chain.natura.balanceOf(USER)).toBe(0n);
    },
  );

  it('a reward-pool revert that slips past the check (emptied meanwhile) reads as the empty pool, never "ERC20: …"', async () => {
    staking.seed(0, 4, USER, 3 * DAY);
    staking.revertNext = 'ERC20: insufficient allowance';
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Terra Genesis#4' });
    await choose(user, 'Terra Genesis#4', 'Unstake');
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Something went wrong.. The reward pool is empty, so the staking contract refused. Your NFT stays staked until the operator refills the pool.',
      ),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('ERC20');
    expect(sends()).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Waiting for Transaction...' })).not.toBeInTheDocument();
  });

  it.each(['en', 'it'] as const)(
    'amount display (%s): the reward pool runway groups its days and writes its Natura by the policy, exact figure one tap away',
    async (language) => {
      staking.seed(1, 3, USER, DAY);
      storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
      const { user } = renderApp('/nft-staking', { walletConnector: chain.connector().load, language });
      const it = language === 'it';
      const runway = await screen.findByRole('region', { name: it ? 'Fondo ricompense' : 'Reward pool' });
      // 1,000,000 Natura over 1.234567890123456789 a day: 810,000 whole days.
      expect(await within(runway).findByTestId('reward-pool-days')).toHaveTextContent(
        it ? 'circa 810.000 giorni di ricompense' : 'about 810,000 more days of rewards',
      );
      expect(runway).toHaveTextContent(
        it
          ? '1.000.000,00 Natura disponibili; 1,23 Natura dovuti al giorno per 1 NFT in staking.'
          : '1,000,000.00 Natura available; 1.23 Natura due per day for 1 staked NFT.',
      );
      // A million to the wei is written in full: plain text. The rate per day is rounded: a button.
      const rounded = within(runway).getByRole('button');
      expect(rounded).toHaveAccessibleName(
        it ? '1,23, arrotondato: mostra la cifra esatta' : '1.23, rounded: show the exact figure',
      );
      await user.click(rounded);
      expect(within(runway).getByRole('note')).toHaveTextContent(
        it
          ? '(esattamente 1,234567890123456789; 1234567890123456789 unità di base)'
          : '(exactly 1.234567890123456789; 1234567890123456789 base units)',
      );
    },
  );

  it('still shows a staked NFT whose metadata cannot be found: name#id and the placeholder image', async () => {
    staking.seed(0, 6, USER, DAY);
    missingMetadata.add('0/6');
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#6' })).toBeInTheDocument();
    expect(row('Terra Genesis#6').querySelector('img')).toHaveAttribute('src', '/img/placeholder.svg');
  });

  it('shows an error with Try again when the node fails', async () => {
    staking.seed(0, 6, USER, DAY);
    chain.rpcDown = true;
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    const panel = screen.getByRole('tabpanel', { name: 'MY STAKED NFTS' });
    expect(
      await within(panel).findByText('Your staked NFTs could not be loaded.', {}, { timeout: 15000 }),
    ).toBeInTheDocument();
    chain.rpcDown = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#6' })).toBeInTheDocument();
  });
});

describe('the pool supply and the helper (§9.2)', () => {
  it('stake refuses a token id above the pool totalSupply with a message, and sends nothing', async () => {
    staking.totalSupply[0] = 50n;
    pools[0]!.mintTo(USER, 51);
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Terra Genesis#51' });
    await choose(user, 'Terra Genesis#51', 'Stake');
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Terra Genesis#51 cannot be staked: this pool counts token ids 1 to 50 only, so a staked token above that would not appear in your staked NFTs.',
      ),
    ).toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
    expect(chain.ownerOf(POOLS[0], 51)).toBe(USER);
  });

  it("a staked token above totalSupply (staked elsewhere) is still listed, from the staking contract's holdings", async () => {
    staking.totalSupply[3] = 3n;
    staking.seed(3, 2, USER, DAY).seed(3, 7, USER, DAY).seed(3, 8, '0x00000000000000000000000000000000000000b0', DAY);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    expect(await screen.findByRole('heading', { name: 'Alpine Spirits#7' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alpine Spirits#2' })).toBeInTheDocument();
    // Another account's token held by the staking contract is not ours.
    expect(screen.queryByRole('heading', { name: 'Alpine Spirits#8' })).toBeNull();
  });

  it('the helper is called per pool with an explicit gas limit; when it fails, the vault is read instead', async () => {
    staking
      .seed(0, 4, USER, DAY)
      .seed(1, 9, USER, 2 * DAY)
      .seed(1, 12, '0x00000000000000000000000000000000000000b0', DAY);
    staking.helperFails.add(1);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    expect(await screen.findByRole('heading', { name: 'Amazon Canopy#9' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Terra Genesis#4' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Amazon Canopy#12' })).toBeNull();
    expect(row('Amazon Canopy#9')).toHaveTextContent('Total Rewards: 2.46 Natura');
    expect(screen.queryByRole('alert')).toBeNull();
    const helperCalls = chain.ethCalls.filter((call) => call.to.toLowerCase() === HELPER.toLowerCase());
    expect(helperCalls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(helperCalls.map((call) => BigInt(call.gas ?? '0')))).toEqual(new Set([30_000_000n]));
  });

  it('one pool that cannot be read at all does not hide the others', async () => {
    staking.seed(0, 4, USER, DAY).seed(2, 5, USER, DAY).seed(3, 1, USER, DAY);
    staking.helperFails.add(2);
    pools[2]!.failingViews.add('walletOfOwner');
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    expect(await screen.findByRole('heading', { name: 'Terra Genesis#4' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alpine Spirits#1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Coral Guardians#5' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Staked NFTs of Coral Guardians could not be loaded; the others are listed.',
    );
    staking.helperFails.delete(2);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Coral Guardians#5' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('the running timer', () => {
  it('ticks every second from one interval, moves Total Rewards at the whole day, and leaves no interval behind', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const now = BigInt(Math.floor(Date.now() / 1000));
    const data: StakedNfts = {
      chainTime: Number(now),
      readAt: Date.now(),
      failedPools: [],
      positions: [1, 2, 3].map((id) => ({
        pid: 0,
        contract: POOLS[0],
        tokenId: BigInt(id),
        stakedAt: now - BigInt(DAY - 5),
        rewardsPerDay: 10n * E18,
        collectionName: 'Terra Genesis',
      })),
    };
    const i18n = initI18n('en');
    const before = vi.getTimerCount();
    // No reads here (the rewards' "≈ $" stays empty): only the list's own timer runs.
    const queries = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const view = render(
      <QueryClientProvider client={queries}>
        <I18nextProvider i18n={i18n}>
          <StakedList
            data={data}
            metadata={undefined}
            busy={false}
            onClaim={vi.fn()}
            onUnstake={vi.fn()}
            onConfirm={vi.fn()}
          />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(vi.getTimerCount() - before).toBe(1);
    expect(row('Terra Genesis#1')).toHaveTextContent('0 Days 23 Hour 59 Min 55 Sec');
    expect(row('Terra Genesis#1')).toHaveTextContent('Total Rewards: 0.00 Natura');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(row('Terra Genesis#2')).toHaveTextContent('0 Days 23 Hour 59 Min 56 Sec');
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(row('Terra Genesis#3')).toHaveTextContent('1 Days 0 Hour 0 Min 0 Sec');
    expect(row('Terra Genesis#3')).toHaveTextContent('Total Rewards: 10.00 Natura');
    expect(screen.getByRole('region', { name: 'Rewards' })).toHaveTextContent('Claimable now: 30.00 Natura');
    view.unmount();
    queries.clear();
    expect(vi.getTimerCount()).toBe(before);
  });
});

describe('MY STAKED reads do not grow with the number of staked NFTs', () => {
  /** Stakes `count` tokens spread over the four pools. */
  function stakeMany(count: number) {
    for (let i = 0; i < count; i += 1) staking.seed(i % 4, 100 + i, USER, (i + 1) * 3600);
  }

  it.each([1, 12])('%i staked: two JSON-RPC HTTP requests for the whole chain read', async (count) => {
    stakeMany(count);
    // Counts this provider's own HTTP requests (one per batch), not strays of an earlier test.
    const provider = createReadProvider(RPC_URL, CHAIN_ID, { pollingInterval: 10 });
    const send = provider._send.bind(provider);
    const batches: number[] = [];
    provider._send = (payload) => {
      batches.push(Array.isArray(payload) ? payload.length : 1);
      return send(payload);
    };
    const read = await getStakedNfts(USER, provider);
    expect(read.positions).toHaveLength(count);
    // 4 pools × (helper ids, rate, name, poolInfo, the staking contract's holdings) + the block,
    // then one vault read per token.
    expect(batches).toEqual([21, count]);
  });

  it('the page makes as many JSON-RPC requests for 12 staked NFTs as for 1 (metadata included)', async () => {
    chain.natura.price = 2_000_000n;
    // The rewards' "≈ $" read the Natura price once, whatever the count; that read joins another
    // batch or goes alone depending on timing, so a request holding only it is not counted.
    const priceOnly = (batch: { method: string; params?: unknown[] }[]) =>
      batch.every((rpc) => (rpc.params?.[0] as { data?: string } | undefined)?.data === NATURA_PRICE_CALL);
    // The reward history (chain logs, read once per page whatever the count) is not counted either.
    const HISTORY = new Set(['eth_getLogs', 'eth_getCode', 'eth_blockNumber', 'eth_getBlockByNumber']);
    const historyOnly = (batch: { method: string }[]) => batch.every((rpc) => HISTORY.has(rpc.method));
    const requestsFor = async (count: number) => {
      stakeMany(count);
      const before = chain.rpcBatches.length;
      const view = openSignedIn();
      const panel = await screen.findByRole('tabpanel', { name: 'MY NFTS' });
      await within(panel).findByText('No items to display');
      await view.user.click(stakedTab());
      await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(count));
      await waitFor(() =>
        expect(
          screen
            .getAllByRole('listitem')
            .filter((item) => item.querySelector('img')?.src.startsWith('https://img.test')),
        ).toHaveLength(count),
      );
      const made = chain.rpcBatches.slice(before).filter((batch) => !priceOnly(batch) && !historyOnly(batch)).length;
      view.unmount();
      for (const key of [...staking.vault.keys()]) staking.vault.delete(key);
      staking.staked.clear();
      localStorage.clear();
      return made;
    };
    const one = await requestsFor(1);
    const twelve = await requestsFor(12);
    expect(twelve).toBe(one);
    expect(one).toBeLessThanOrEqual(6);
  });
});

describe('dollar values (≈ $) at the chain’s Natura price', () => {
  beforeEach(() => {
    chain.natura.price = 2_000_000n; // getNaturaPrice: $2.00 per Natura
  });

  it('without a wallet, each pool’s reward per day shows its ≈ $', async () => {
    renderApp('/nft-staking', { walletConnector: chain.connector({ connected: false }).load });
    const list = await screen.findByRole('list', { name: 'Staking pools' });
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Terra Genesis' })).toHaveTextContent(
        "Reward per NFT per day: 10.00 Natura, at today's rate ≈ $20.00",
      ),
    );
    // 1.234567890123456789 Natura × $2 = $2.469…, to the cent
    expect(within(list).getByRole('listitem', { name: 'Amazon Canopy' })).toHaveTextContent(
      "1.23 Natura, at today's rate ≈ $2.46",
    );
  });

  it('without a wallet, each pool shows its reward as an estimated yearly percentage of its cost', async () => {
    renderApp('/nft-staking', { walletConnector: chain.connector({ connected: false }).load });
    const list = await screen.findByRole('list', { name: 'Staking pools' });
    // 10 Natura a day × 365 × $2 = $7,300 a year on a 100 USDT pool: 7300.00 %.
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Terra Genesis' })).toHaveTextContent(
        "Estimated yearly rate: 7300.00 % of the pool's cost, at today's Natura price",
      ),
    );
    // 1.234567890123456789 × 365 × 2 / 100 = 9.0123456… → 901.23 % (hundredths rounded down).
    expect(within(list).getByRole('listitem', { name: 'Amazon Canopy' })).toHaveTextContent(
      'Estimated yearly rate: 901.23 %',
    );
  });

  it('MY STAKED NFTS: Claimable now, Reward per day, Total Rewards, the claim dialog and the claimed amount each with ≈ $', async () => {
    staking.seed(0, 4, USER, 3 * DAY);
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('tab', { name: 'MY STAKED NFTS' }));
    await screen.findByRole('heading', { name: 'Terra Genesis#4' });
    const summary = screen.getByRole('region', { name: 'Rewards' });
    await waitFor(() => expect(summary).toHaveTextContent('Claimable now: 30.00 Natura ≈ $60.00'));
    expect(row('Terra Genesis#4')).toHaveTextContent('Reward per day: 10.00 Natura ≈ $20.00');
    expect(row('Terra Genesis#4')).toHaveTextContent('Total Rewards: 30.00 Natura ≈ $60.00');
    await choose(user, 'Terra Genesis#4', 'Claim Rewards');
    expect(await screen.findByRole('dialog', { name: 'Claim rewards' })).toHaveTextContent(
      "You will be paid 30.00 Natura (≈ $60.00), at today's rate.",
    );
    await confirmClaim(user);
    expect(
      await screen.findByText('Your have claimed your rewards successfuly You received 30.00 Natura (≈ $60.00).'),
    ).toBeInTheDocument();
  });

  it('the stake and unstake confirmations give the Natura they name with ≈ $, and so does the unstake result', async () => {
    pools[1]!.mintTo(USER, 8);
    staking.seed(3, 1, USER, DAY);
    const { user } = openSignedIn();
    await screen.findByRole('heading', { name: 'Amazon Canopy#8' });
    await user.click(screen.getByRole('button', { name: 'Actions for Amazon Canopy#8' }));
    await user.click(await screen.findByRole('button', { name: 'Stake' }));
    const stake = await screen.findByRole('dialog', { name: 'Stake this NFT?' });
    await waitFor(() => expect(stake).toHaveTextContent("earns 1.23 Natura (≈ $2.46) per whole day at today's rate"));
    await user.click(within(stake).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stake this NFT?' })).toBeNull());

    await user.click(stakedTab());
    await screen.findByRole('heading', { name: 'Alpine Spirits#1' });
    await user.click(screen.getByRole('button', { name: 'Actions for Alpine Spirits#1' }));
    await user.click(await screen.findByRole('button', { name: 'Unstake' }));
    const unstake = await screen.findByRole('dialog', { name: 'Unstake this NFT?' });
    expect(unstake).toHaveTextContent("25.00 Natura (≈ $50.00) at today's rate. The unfinished day is not paid.");
    await user.click(within(unstake).getByRole('button', { name: 'Unstake' }));
    expect(
      await screen.findByText('Your nft has been unstaked successfuly You received 25.00 Natura (≈ $50.00).'),
    ).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
  });
});
