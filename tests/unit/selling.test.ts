/**
 * Selling from the NFT page and many at once (issue 40.1–2), without a chain: the change-price plan's steps
 * (release, approval when needed, list — each part recorded under its own flow) and its guard; a bulk run's
 * "n of N" and what a rejection leaves done.
 */
import type { TFunction } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, AppConfig } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import type * as MarketListings from '@/lib/chain/market-listings';
import type { ChainActionState } from '@/lib/tx/use-chain-action';
import type { TxState } from '@/lib/tx/transaction';

const chain = vi.hoisted(() => ({
  owner: '',
  listedBy: true,
  sameTokenItems: [] as { itemId: bigint; seller: string; price: bigint }[],
  approved: false,
}));

const write = (step: string): PreparedWrite =>
  ({ step, contractName: 'Marketplace', label: step, estimateGas: vi.fn(), send: vi.fn() }) as unknown as PreparedWrite;

vi.mock('@/lib/chain/provider', () => ({ getReadProvider: () => ({}) }));
vi.mock('@/lib/chain/contracts/nft-collection', () => ({ findOwnerOf: () => Promise.resolve(chain.owner) }));
vi.mock('@/lib/chain/contracts/marketplace', () => ({
  releaseSale: () => write('releaseSale'),
  createMarketItem: () => write('createMarketItem'),
}));
vi.mock('@/lib/tx/plan', () => ({
  planNftApproval: () => Promise.resolve(chain.approved ? [] : [write('approve')]),
}));
vi.mock('@/lib/chain/market-listings', async (importOriginal) => ({
  ...(await importOriginal<typeof MarketListings>()),
  readLiveMarketItems: () =>
    Promise.resolve(chain.listedBy ? [{ itemId: 7n, sold: false, seller: SELLER, price: 20_000_000n }] : []),
  readSameTokenItems: () => Promise.resolve(chain.sameTokenItems),
}));

const SELLER = '0x00000000000000000000000000000000000000aa' as Address;
const OTHER = '0x00000000000000000000000000000000000000bb' as Address;

const { bulkListingAction, changePriceAction } = await import('@/features/profile/tx/actions');
const { itemOutcomes } = await import('@/features/profile/hooks/use-bulk');

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'profile'>;
const context = {
  config: { chainId: 31337, chainName: 'Local', addresses: { marketplace: '0xmarket' } } as unknown as AppConfig,
  t,
  language: 'en',
  user: { id: 1, address: SELLER },
};
const nft = (tokenId: bigint): IndexedNft => ({
  contract: '0x00000000000000000000000000000000000000cc',
  tokenId,
  name: `Desert #${tokenId.toString()}`,
  collectionName: 'Desert',
  description: null,
  image: null,
  contractType: 'ERC721',
});
const session = { signer: {} as never, account: SELLER };

beforeEach(() => {
  chain.owner = SELLER;
  chain.listedBy = true;
  chain.sameTokenItems = [{ itemId: 7n, seller: SELLER, price: 20_000_000n }];
  chain.approved = false;
});

describe('change price: one plan', () => {
  it('names release, approve and list up front; the release and the new listing each complete their own flow', async () => {
    const action = changePriceAction(nft(51n), { itemId: 7n, nftId: 12 }, 25_000_000n, context);
    // Dearer than the live item it replaces: the guard leaves that item out (it is released first).
    const checked = await action.preflight(session);
    expect(checked).toEqual({ ok: true, terms: { seller: SELLER, price: 25_000_000n } });
    if (!checked.ok) return;
    const plan = await action.plan(session, checked.terms);
    expect(plan.map((step) => step.step)).toEqual(['release', 'approve', 'list']);
    expect(plan.map((step) => [step.part?.action.kind, step.part?.completes])).toEqual([
      ['release', true],
      ['listing', false],
      ['listing', true],
    ]);
    expect(plan[0]?.part?.action.payload).toMatchObject({ nftId: 12 });
    expect(plan[2]?.part?.action.payload).toMatchObject({ tokenId: 51, price: '25000000', owner: SELLER });
  });

  it('skips the approval when the marketplace is approved for all', async () => {
    chain.approved = true;
    const action = changePriceAction(nft(51n), { itemId: 7n, nftId: 12 }, 25_000_000n, context);
    const plan = await action.plan(session, { seller: SELLER, price: 25_000_000n });
    expect(plan.map((step) => step.step)).toEqual(['release', 'list']);
  });

  it("is refused before any step when the listing is no longer this account's", async () => {
    chain.listedBy = false;
    const action = changePriceAction(nft(51n), { itemId: 7n, nftId: 12 }, 25_000_000n, context);
    expect(await action.preflight(session)).toEqual({
      ok: false,
      problem: expect.stringContaining('release.notListed') as string,
    });
  });

  it("goes through issue 36's guard: another seller's item with the same token id refuses it before any step", async () => {
    chain.sameTokenItems.push({ itemId: 3n, seller: OTHER, price: 1_000_000n });
    const action = changePriceAction(nft(51n), { itemId: 7n, nftId: 12 }, 25_000_000n, context);
    expect(await action.preflight(session)).toEqual({
      ok: false,
      problem: expect.stringContaining('listing.exposed.otherSeller') as string,
    });
  });

  it('the relist is read again after the release: an NFT moved meanwhile stops it with the words the page shows', async () => {
    const action = changePriceAction(nft(51n), { itemId: 7n, nftId: 12 }, 25_000_000n, context);
    const plan = await action.plan(session, { seller: SELLER, price: 25_000_000n });
    chain.sameTokenItems = [];
    expect(await plan[2]?.part?.recheck?.()).toBeNull();
    chain.owner = OTHER;
    expect(await plan[2]?.part?.recheck?.()).toBe('listing.notOwner');
  });
});

describe('bulk listing', () => {
  it('checks every NFT before any step and names the one that stands in the way', async () => {
    chain.sameTokenItems = [];
    const action = bulkListingAction(
      [
        { nft: nft(52n), price: 7_000_000n },
        { nft: nft(53n), price: 7_000_000n },
      ],
      context,
    );
    expect((await action.preflight(session)).ok).toBe(true);
    chain.owner = OTHER;
    expect(await action.preflight(session)).toEqual({
      ok: false,
      problem: expect.stringContaining('"name":"Desert #52"') as string,
    });
  });

  it('plans each listing in turn, each list step completing its own listing', async () => {
    const action = bulkListingAction(
      [
        { nft: nft(52n), price: 7_000_000n },
        { nft: nft(53n), price: 8_000_000n },
      ],
      context,
    );
    const plan = await action.plan(session, { seller: SELLER });
    expect(plan.map((step) => step.step)).toEqual(['approve', 'list', 'approve', 'list']);
    expect(plan.filter((step) => step.part?.completes).map((step) => step.part?.action.payload)).toMatchObject([
      { tokenId: 52, price: '7000000' },
      { tokenId: 53, price: '8000000' },
    ]);
  });
});

describe('bulk progress: n of N', () => {
  const receipt = { hash: '0x1' } as never;
  const step = (name: string, state: TxState) => ({ step: name, contractName: 'Marketplace', state });
  const confirmed: TxState = { status: 'confirmed', step: 'list', receipt };

  it('counts each NFT once its last step is confirmed', () => {
    const state: ChainActionState = {
      phase: 'running',
      current: 2,
      outboxIds: [],
      steps: [
        step('approve', confirmed),
        step('list', confirmed),
        step('list', { status: 'awaiting-wallet', step: 'list' }),
        step('list', { status: 'idle' }),
      ],
    };
    expect(itemOutcomes(state, 'list', 3)).toEqual(['done', 'running', 'waiting']);
  });

  it('a rejection stops the rest: the ones done stay done, the rest are not sent', () => {
    const state: ChainActionState = {
      phase: 'rejected',
      current: 1,
      outboxIds: [],
      steps: [
        step('release', confirmed),
        step('release', { status: 'rejected', step: 'release', error: new Error('4001') as never }),
        step('release', { status: 'idle' }),
      ],
    };
    expect(itemOutcomes(state, 'release', 3)).toEqual(['done', 'rejected', 'not-sent']);
  });
});
