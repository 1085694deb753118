/**
 * The Permissions page (deployed-system.md §C9.7): every allowance and NFT approval the account has given the
 * app's contracts, in words, each revoked through the shared transaction path; read in a number
 * of JSON-RPC requests that does not grow with the number of NFTs.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { MaxUint256 } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config/env';
import { getPermissions } from '@/features/permissions/api/get-permissions';
import { createReadProvider } from '@/lib/chain/provider';
import { DEFAULT_USER } from '../msw/cms-db';
import { renderApp, storeSession } from '../render';
import { CHAIN_ID, FakeChain, MARKETPLACE, RPC_URL, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

configure({ asyncUtilTimeout: 8000 });

const POOL_0 = '0x2000000000000000000000000000000000000000';
const SWAP = '0x1000000000000000000000000000000000000006';
const STAKING = '0x1000000000000000000000000000000000000004';

let chain: FakeChain;
let pool: FakeNftCollection;

beforeEach(() => {
  chain = new FakeChain().serveRpc();
  pool = chain.install(POOL_0, new FakeNftCollection(chain, POOL_0, 'Terra Genesis', 'https://meta.test/'));
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});

function grantEverything() {
  pool.mintTo(USER, 1, 2, 3);
  chain.approveUsdt(USER, MARKETPLACE, 25_000_000n);
  chain.natura.approve(USER, SWAP, MaxUint256);
  chain.approvals.set(`${POOL_0.toLowerCase()}:2`, MARKETPLACE);
  pool.operators.set(`${USER.toLowerCase()}:${STAKING.toLowerCase()}`, true);
}

const WORDS = {
  usdt: 'The marketplace may spend up to 25.00 USDT',
  natura: 'The swap may spend an unlimited amount of Natura',
  operator: 'Staking may move every Terra Genesis NFT you hold',
  token: 'The marketplace may move Terra Genesis #2',
};

/** A permission's words as its row shows them (an allowance's amount is its own element, docs/amounts.md). */
const permissionWords = (words: string) => (_: string, element: Element | null) =>
  Boolean(element?.matches('.permissions-row > span') && element.textContent === words);

describe('Permissions page', () => {
  it('is reached from My Wallet and lists every permission in words', async () => {
    grantEverything();
    const { user } = renderApp('/home', { walletConnector: chain.connector().load });
    // The dropdown is its own chunk: its stand-in button is disabled until it is there.
    await waitFor(() => expect(screen.getByRole('button', { name: 'My Wallet' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'My Wallet' }));
    await user.click(await screen.findByText('Permissions', { selector: 'a' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissions' })).toBeInTheDocument();
    for (const words of Object.values(WORDS))
      expect(await screen.findByText(permissionWords(words))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Token allowances' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approvals for a whole collection' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approvals for a single NFT' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Revoke: / })).toHaveLength(4);
  });

  it('amount display: an allowance is written as money, rounded down, its exact figure one tap away', async () => {
    chain.approveUsdt(USER, MARKETPLACE, 1_239_999n);
    const { user } = renderApp('/permissions', { walletConnector: chain.connector().load });
    const words = 'The marketplace may spend up to 1.23 USDT';
    const row = (await screen.findByText(permissionWords(words))).closest('li')!;
    // The button's name and the transaction's description say the same words.
    expect(within(row).getByRole('button', { name: `Revoke: ${words}` })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '1.23, rounded: show the exact figure' }));
    expect(within(row).getByRole('note')).toHaveTextContent('(exactly 1.239999; 1239999 base units)');
  });

  it('says so when nothing is granted', async () => {
    renderApp('/permissions', { walletConnector: chain.connector().load });
    expect(
      await screen.findByText("Your wallet has not given any permission to Terra Mater's contracts."),
    ).toBeInTheDocument();
  });

  it('revokes each kind through the wallet: allowance to 0, operator to false, token approval to nobody', async () => {
    grantEverything();
    const { user } = renderApp('/permissions', { walletConnector: chain.connector().load });
    const revoke = async (words: string) => {
      await user.click(await screen.findByRole('button', { name: `Revoke: ${words}` }));
      await within(screen.getByTestId('revoke-status')).findByText(/^Revoked\./);
      await waitFor(() => expect(screen.queryByText(words)).not.toBeInTheDocument());
    };

    await revoke(WORDS.usdt);
    expect(screen.getByText('1 of 1 — revoke USDT')).toBeInTheDocument();
    expect(chain.allowances.get(`${USER}:${MARKETPLACE}`.toLowerCase())).toBe(0n);

    await revoke(WORDS.operator);
    expect(pool.operators.get(`${USER.toLowerCase()}:${STAKING.toLowerCase()}`)).toBe(false);

    await revoke(WORDS.token);
    expect(chain.approvals.get(`${POOL_0.toLowerCase()}:2`)).toBe('0x0000000000000000000000000000000000000000');

    await revoke(WORDS.natura);
    expect(chain.natura.allowance(USER, SWAP)).toBe(0n);
    expect(chain.walletMethods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(4);
    expect(
      await screen.findByText("Your wallet has not given any permission to Terra Mater's contracts."),
    ).toBeInTheDocument();
  });

  it('a declined revoke changes nothing and can be tried again', async () => {
    grantEverything();
    chain.rejectNextRequest('eth_sendTransaction');
    const { user } = renderApp('/permissions', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: `Revoke: ${WORDS.usdt}` }));
    expect(await screen.findByText(/You declined the request in your wallet/)).toBeInTheDocument();
    expect(chain.allowances.get(`${USER}:${MARKETPLACE}`.toLowerCase())).toBe(25_000_000n);
    expect(screen.getByText(permissionWords(WORDS.usdt))).toBeInTheDocument();
  });

  it('reads everything in 2 JSON-RPC requests, for 3 NFTs as for 60', async () => {
    const requestsFor = async (count: number) => {
      chain.owners.clear();
      chain.approvals.clear();
      pool.mintTo(USER, ...Array.from({ length: count }, (_, index) => index + 1));
      chain.approvals.set(`${POOL_0.toLowerCase()}:${count}`, MARKETPLACE);
      const provider = createReadProvider(RPC_URL, CHAIN_ID);
      const before = chain.rpcRequests;
      const permissions = await getPermissions(provider, USER, getConfig());
      provider.destroy();
      expect(permissions.filter((permission) => permission.kind === 'token')).toHaveLength(1);
      return chain.rpcRequests - before;
    };
    expect(await requestsFor(3)).toBe(2);
    expect(await requestsFor(60)).toBe(2);
  });
});
