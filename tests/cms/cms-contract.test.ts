import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxiosInstance } from 'axios';
import { Wallet } from 'ethers';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuthor } from '@/features/authors/api/get-author';
import { getAuthorNfts } from '@/features/authors/api/get-author-nfts';
import { getCategories } from '@/features/collections/api/get-categories';
import { getCollection } from '@/features/collections/api/get-collection';
import { createCollection } from '@/lib/cms/writes/create-collection';
import { getCollectionByContract } from '@/lib/cms/writes/get-collection-by-contract';
import { getCollectionItemCount } from '@/features/collections/api/get-collection-item-count';
import { getComingSoonCollections } from '@/features/collections/api/get-coming-soon-collections';
import { getExploreCollections } from '@/features/collections/api/get-explore-collections';
import { getFeaturedCollections } from '@/features/collections/api/get-featured-collections';
import { getHeroCollection } from '@/features/collections/api/get-hero-collection';
import { getDashboardCollections } from '@/features/dashboard/api/get-dashboard-collections';
import { getNaturaBalances } from '@/features/dashboard/api/get-natura-balances';
import { sendContactEmail } from '@/features/forms/api/send-contact-email';
import { sendProjectEmail } from '@/features/forms/api/send-project-email';
import { sendWorkEmail } from '@/features/forms/api/send-work-email';
import { bumpNftViews } from '@/features/nfts/api/bump-nft-views';
import { createNft } from '@/lib/cms/writes/create-nft';
import { finalisePurchase } from '@/features/checkout/tx/finalise-purchase';
import { getCollectionNfts } from '@/features/nfts/api/get-collection-nfts';
import { getNft } from '@/features/nfts/api/get-nft';
import { getNftStatuses } from '@/features/nfts/api/get-nft-statuses';
import { getNftTransactions } from '@/features/nfts/api/get-nft-transactions';
import { searchCollectionNfts } from '@/features/nfts/api/search-collection-nfts';
import { toggleNftLike } from '@/features/nfts/api/toggle-nft-like';
import { getOnSaleNfts } from '@/features/profile/api/get-on-sale-nfts';
import { getUserAvatar } from '@/features/profile/api/get-user-avatar';
import { releaseNftSale } from '@/lib/cms/writes/release-nft-sale';
import { saveListing } from '@/features/profile/tx/save-listing';
import {
  AVATAR_UNAVAILABLE,
  createUserAvatar,
  saveUserAvatar,
  uploadAvatarImage,
} from '@/features/profile/api/save-user-avatar';
import { authenticate, getSignInToken, signInMessage } from '@/features/wallet/api/sign-in';
import { createCmsClient } from '@/lib/cms/http';
import type { Collection, Nft } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { createCmsDb, seedDefault } from '../msw/cms-db';
import { CONTACT_EMAIL, createCmsHandlers } from '../msw/cms-handlers';

/**
 * The contract between the app's CMS layer and the CMS: the SAME assertions run against the MSW
 * handlers the app tests use and against the real local Strapi (cms/harness.mjs). Seeds differ,
 * so the assertions are about shapes and behaviours, discovering ids through the layer itself.
 */

interface OutboxMail {
  to: string;
  subject: string;
  html?: string;
  /** How many files the mail carried. */
  attachments: number;
}

interface CmsMode {
  /** Authenticated may `find` users-permissions users (the avatar flow needs it, deployed-system.md §B7.2). */
  userFind: boolean;
  /** The natura-balance type exists (the original source has none, §7.5). */
  naturaBalance: boolean;
}

interface Target {
  baseUrl: string;
  /** E-mails the CMS "sent" (subject + html at least). */
  outbox: () => Promise<OutboxMail[]>;
  /** Switches the CMS to another mode (cms/lib/mode.js); resolves to a function that restores it. */
  withMode: (changes: Partial<CmsMode>) => Promise<() => Promise<void>>;
}

interface Harness {
  ensureCmsInstalled: (opts?: { log?: (line: string) => void }) => Promise<{ installed: boolean }>;
  startCms: (opts: { port?: number; dataDir?: string; fresh?: boolean; env?: Record<string, string>; timeoutMs?: number }) => Promise<{
    url: string;
    stop: () => Promise<void>;
    logs: () => string[];
  }>;
  freePort: () => Promise<number>;
  setCmsMode: (url: string, changes: Partial<CmsMode>) => Promise<CmsMode>;
  readOutbox: (url: string, filter?: { to?: string; subject?: string }) => Promise<Array<Record<string, unknown>>>;
}

// A 1×1 transparent PNG: the real CMS reads image dimensions, so it must be a valid image.
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the call to be rejected');
}

function expectCollectionShape(collection: Collection) {
  expect(collection).toEqual(
    expect.objectContaining({
      id: expect.any(Number) as unknown,
      name: expect.any(String) as unknown,
      status: expect.stringMatching(/^(Active|Inactive)$/) as unknown,
      feature: expect.any(Boolean) as unknown,
    }),
  );
  for (const url of [collection.featureImageUrl, collection.bannerUrl]) {
    if (url !== null) expect(url).toMatch(/^https?:\/\//);
  }
}

function expectNftShape(nft: Nft) {
  expect(typeof nft.id).toBe('number');
  expect(typeof nft.tokenId).toBe('number');
  expect(typeof nft.tokenName).toBe('string');
  expect(typeof nft.price).toBe('bigint');
  expect(nft.price >= 0n).toBe(true);
  expect(Array.isArray(nft.props)).toBe(true);
  if (nft.imageUrl !== null) expect(nft.imageUrl).toMatch(/^https?:\/\//);
}

/**
 * A multipart body written by hand. Node's FormData encoders (undici's, axios's) leave out an
 * empty `filename`, so the shape a browser sends for an empty file input (`filename=""`) can only
 * be produced this way outside a browser.
 */
function multipart(parts: ReadonlyArray<{ name: string; value: string; filename?: string }>) {
  const boundary = `contract-${Math.random().toString(16).slice(2)}`;
  const body =
    parts
      .map(
        ({ name, value, filename }) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
          (filename === undefined ? '\r\n' : `; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n`) +
          `\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

/** Wallet sign-in through the layer: token → personal_sign → authenticate. */
async function signIn(client: AxiosInstance, wallet = Wallet.createRandom()) {
  const token = await getSignInToken(wallet.address, client);
  const signature = await wallet.signMessage(signInMessage(token));
  const result = await authenticate(wallet.address, signature, client);
  return { wallet, signature, ...result };
}

function defineContract(target: () => Target) {
  const anonymous = () => createCmsClient({ baseURL: target().baseUrl });
  const withJwt = (jwt: string) => createCmsClient({ baseURL: target().baseUrl, getToken: () => jwt });

  let collections: Collection[] = [];
  let firstCollection: Collection;
  let firstNft: Nft;

  it('home and explore reads return collections with the filters applied', async () => {
    const client = anonymous();
    // With no verified row configured, the hero's read is "the newest active rows" (get-hero-collection.ts).
    const hero = await getHeroCollection(client, { trustedCollections: [], verifiedCollections: [] });
    const featured = await getFeaturedCollections(client);
    const comingSoon = await getComingSoonCollections(client);
    collections = await getExploreCollections(null, client);
    expect(collections.length).toBeGreaterThan(0);
    collections.forEach(expectCollectionShape);
    expect(collections.every((c) => c.status === 'Active')).toBe(true);
    expect(hero).not.toBeNull();
    expect(hero?.status).toBe('Active');
    // The hero is the newest active collection.
    const newest = Math.max(...collections.map((c) => Date.parse(c.createdAt ?? '')));
    expect(Date.parse(hero?.createdAt ?? '')).toBe(newest);
    // With verified rows configured, the hero reads those rows by id (filters[id][$in]): the oldest row with a
    // contract, named verified, is the hero however many rows are newer.
    const oldest = collections
      .filter((c) => c.contractAddress !== null)
      .sort((a, b) => Date.parse(a.createdAt ?? '') - Date.parse(b.createdAt ?? ''))[0]!;
    expect(Date.parse(oldest.createdAt ?? '')).toBeLessThan(newest);
    const contract = oldest.contractAddress!;
    const verifiedHero = await getHeroCollection(client, {
      trustedCollections: [contract],
      verifiedCollections: [{ contract, collectionId: oldest.id }],
    });
    expect(verifiedHero?.id).toBe(oldest.id);
    expect(featured.every((c) => c.status === 'Active' && c.feature)).toBe(true);
    expect(comingSoon.every((c) => c.status === 'Inactive')).toBe(true);
    firstCollection = collections[0]!;
  });

  it('categories and the explore filter by category', async () => {
    const client = anonymous();
    const categories = await getCategories(client);
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) expect(category).toEqual({ id: expect.any(Number) as unknown, name: expect.any(String) as unknown });
    const withCategory = collections.find((c) => c.category !== null)!;
    const filtered = await getExploreCollections(withCategory.category!.id, client);
    expect(filtered.map((c) => c.id)).toContain(withCategory.id);
    expect(filtered.every((c) => c.category?.id === withCategory.category!.id)).toBe(true);
  });

  it('collection header (get_collection), item count and NFT statuses', async () => {
    const client = anonymous();
    const collection = await getCollection(firstCollection.id, client);
    expectCollectionShape(collection);
    expect(collection.id).toBe(firstCollection.id);
    expect(collection.name).toBe(firstCollection.name);
    const count = await getCollectionItemCount(firstCollection.id, client);
    expect(Number.isInteger(count) && count >= 0).toBe(true);
    const statuses = await getNftStatuses(client);
    // Ids 1–3 are hard-coded by the app (deployed-system.md §B2.4).
    expect(statuses.slice(0, 2)).toEqual([
      { id: 1, label: 'Mint' },
      { id: 2, label: 'Buy Now' },
    ]);
    expect(statuses.map((s) => s.id)).toContain(3);
  });

  it('the custom NFT list: flat page of ≤ 24, status filter, next page', async () => {
    const client = anonymous();
    const page = await getCollectionNfts({ collectionId: firstCollection.id, statuses: [] }, 1, client);
    expect(page.pageSize).toBe(24);
    expect(page.page).toBe(1);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(24);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    page.items.forEach(expectNftShape);
    expect(page.items.every((nft) => nft.collection?.id === firstCollection.id)).toBe(true);
    const tokenIds = page.items.map((nft) => nft.tokenId);
    expect(tokenIds).toEqual([...tokenIds].sort((a, b) => a - b));
    firstNft = page.items[0]!;

    const statusId = firstNft.status!.id;
    const filtered = await getCollectionNfts({ collectionId: firstCollection.id, statuses: [statusId] }, 1, client);
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((nft) => nft.status?.id === statusId)).toBe(true);

    if (page.total > 24) {
      const second = await getCollectionNfts({ collectionId: firstCollection.id, statuses: [] }, 2, client);
      expect(second.page).toBe(2);
      expect(second.items.length).toBe(Math.min(24, page.total - 24));
    }
  });

  it('search within a collection is case-insensitive and URL-safe', async () => {
    const client = anonymous();
    const text = firstNft.tokenName.slice(0, Math.max(1, firstNft.tokenName.length - 1)).toUpperCase();
    const result = await searchCollectionNfts({ collectionId: firstCollection.id, text }, client);
    expect(result.items.map((nft) => nft.id)).toContain(firstNft.id);
    expect(result.total).toBe(result.items.length);
    expect(result.items.every((nft) => nft.tokenName.toUpperCase().includes(text))).toBe(true);
    const none = await searchCollectionNfts({ collectionId: firstCollection.id, text: '%&?#"no such name' }, client);
    expect(none.items).toEqual([]);
  });

  it('an NFT with collection, status and props; its history newest first', async () => {
    const client = anonymous();
    const nft = await getNft(firstNft.id, client);
    expectNftShape(nft);
    expect(nft.id).toBe(firstNft.id);
    expect(nft.collection?.id).toBe(firstCollection.id);
    expect(nft.status?.label).toEqual(expect.any(String));
    for (const prop of nft.props) expect(prop).toEqual({ id: expect.any(Number) as unknown, property: expect.any(String) as unknown, value: expect.any(String) as unknown });
    const history = await getNftTransactions(nft.id, client);
    const dates = history.map((tx) => Date.parse(tx.publishedAt ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const tx of history) expect(typeof tx.price).toBe('bigint');
  });

  it('dashboard reads', async () => {
    const client = anonymous();
    const dashboard = await getDashboardCollections(client);
    expect(dashboard.every((c) => c.status === 'Active' && c.feature)).toBe(true);
    const balances = await getNaturaBalances(client);
    expect(balances).not.toBeNull();
    for (const value of Object.values(balances ?? {})) expect(typeof value).toBe('bigint');
  });

  it('authors: a listed author reads with media, an unknown one is not-found', async () => {
    const client = anonymous();
    const { data } = await client.get<{ data: Array<{ id: number }> }>('/api/authors');
    const authorId = data.data[0]?.id;
    if (authorId !== undefined) {
      const author = await getAuthor(authorId, client);
      expect(author.id).toBe(authorId);
      expect(typeof author.username).toBe('string');
      const nfts = await getAuthorNfts(authorId, client);
      nfts.forEach(expectNftShape);
    }
    expect((await rejection(getAuthor(987_654, client))).kind).toBe('not-found');
  });

  it('unknown ids are not-found', async () => {
    const client = anonymous();
    expect((await rejection(getNft(987_654, client))).kind).toBe('not-found');
    expect((await rejection(getCollection(987_654, client))).kind).toBe('not-found');
  });

  it('an unknown NFT id answers 200 { props: [] } like the deployed CMS; the reader of the route says not-found', async () => {
    const client = anonymous();
    const answer = await client.get<unknown>('/api/nft-v1s/987654');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ props: [] });
    expect((await rejection(getNft(987_654, client))).kind).toBe('not-found');
  });

  it('a filter on an attribute the type lacks is 400 "Invalid parameter <name>" (how the deployed CMS refuses author filters)', async () => {
    const error = await rejection(
      anonymous().get('/api/nft', { params: { filters: { no_such_field: { id: { $eq: 1 } } } } }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'Invalid parameter no_such_field' });
  });

  it('malformed statuses are a 400 with a message, not a 500', async () => {
    const client = anonymous();
    for (const statuses of ['not-json', '[{"a":1}]', '"2"']) {
      const error = await rejection(client.get('/api/nft-v1s', { params: { collectionId: firstCollection.id, statuses } }));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/statuses/);
    }
  });

  it('unauthenticated writes are refused, view and like bumps of exactly one included', async () => {
    const client = anonymous();
    const before = await getNft(firstNft.id, client);
    // Thunks, sent one by one: a rejected request must never sit unobserved while another runs.
    const writes = [
      () => client.post('/api/transactions', { data: { from_address: '0x0', to_address: '0x1', price: '1', desc: 'Buy' } }),
      () => client.post('/api/collections', { data: { name: 'x', chain_id: 137, chain_name: 'Polygon Mainnet', status: 'Active' } }),
      () => client.post('/api/nft-v1s', { data: { token_name: 'x', description: 'x', token_id: 1, token_standard: 'ERC721' } }),
      () => client.put(`/api/nft-v1s/${firstNft.id}`, { data: { owner: '0x0000000000000000000000000000000000000001' } }),
      () => client.put(`/api/nft-v1s/${firstNft.id}`, { data: { likes: firstNft.likes + 5 } }),
      () => client.put(`/api/nft-v1s/${firstNft.id}`, { data: { likes: before.likes + 1 } }),
      () => bumpNftViews({ id: before.id, views: before.views }, client),
      () => client.delete('/api/upload/files/1'),
    ];
    for (const write of writes) expect([401, 403]).toContain((await rejection(write())).status);
    const badToken = withJwt('not-a-valid-jwt');
    expect((await rejection(releaseNftSale(firstNft.id, badToken))).status).toBe(401);
    expect((await rejection(bumpNftViews({ id: before.id, views: before.views }, badToken))).status).toBe(401);

    const after = await getNft(firstNft.id, client);
    expect({ views: after.views, likes: after.likes }).toEqual({ views: before.views, likes: before.likes });
    expect(firstNft.owner === null || typeof firstNft.owner === 'string').toBe(true);
  });

  it('wallet sign-in end to end; the jwt authorises writes; a replayed signature fails', async () => {
    const client = anonymous();
    const session = await signIn(client);
    expect(session.jwt).toMatch(/\S+/);
    expect(session.user?.address.toLowerCase()).toBe(session.wallet.address.toLowerCase());
    const authed = withJwt(session.jwt);

    const before = await getNft(firstNft.id, client);
    expect(await toggleNftLike({ id: before.id, likes: before.likes + 5 }, authed)).toBe(before.likes + 5);
    // A signed-in visit counts: views + 1 with the bearer.
    await bumpNftViews({ id: before.id, views: before.views }, authed);
    expect((await getNft(firstNft.id, client)).views).toBe(before.views + 1);

    const replay = await rejection(authenticate(session.wallet.address, session.signature, client));
    expect(replay.message).toMatch(/signature/i);
    expect((await rejection(getSignInToken('0x123', client))).message).toMatch(/address/i);
    const stranger = Wallet.createRandom();
    const token = await getSignInToken(stranger.address, client);
    const wrongSigner = await Wallet.createRandom().signMessage(signInMessage(token));
    expect((await rejection(authenticate(stranger.address, wrongSigner, client))).message).toMatch(/signature/i);
  });

  it('listing, purchase and release bookkeeping through the layer', async () => {
    const client = anonymous();
    const seller = await signIn(client);
    const buyer = await signIn(client);
    const contractAddress = Wallet.createRandom().address;
    const nftId = await saveListing(
      {
        userId: seller.user!.id,
        chainId: 137,
        chainName: 'Polygon Mainnet',
        contractAddress,
        collectionName: 'Contract test collection',
        tokenId: 42,
        tokenName: 'Contract #42',
        tokenStandard: 'ERC721',
        description: 'Listed by the contract test',
        imageUrl: 'https://ipfs.io/ipfs/contract-test',
        owner: seller.wallet.address,
        price: 12_500_000n,
        itemId: 77,
      },
      withJwt(seller.jwt),
    );
    const listed = await getNft(nftId, client);
    expect(listed).toMatchObject({ tokenId: 42, price: 12_500_000n, itemId: 77, status: { id: 2 } });
    expect(listed.collection?.contractAddress?.toLowerCase()).toBe(contractAddress.toLowerCase());
    expect((await getOnSaleNfts(seller.wallet.address.toLowerCase(), client)).map((nft) => nft.id)).toContain(nftId);
    // Addresses match in any letter case (the app stores checksummed ones, old rows may differ).
    expect((await getCollectionByContract(contractAddress.toLowerCase(), client))?.id).toBe(listed.collection!.id);

    await finalisePurchase(
      {
        nftId,
        collectionId: listed.collection!.id,
        fromAddress: listed.owner,
        buyer: buyer.wallet.address,
        price: listed.price,
        kind: 'Buy',
      },
      withJwt(buyer.jwt),
    );
    const bought = await getNft(nftId, client);
    expect(bought.owner).toBe(buyer.wallet.address);
    expect(bought.status?.id).toBe(3);
    const [last] = await getNftTransactions(nftId, client);
    expect(last).toMatchObject({ fromAddress: seller.wallet.address, toAddress: buyer.wallet.address, price: 12_500_000n, description: 'Buy' });

    await releaseNftSale(nftId, withJwt(buyer.jwt));
    expect((await getNft(nftId, client)).status?.id).toBe(3);
  });

  it('avatar: create, replace, and refuse non-images and oversize files with a message', async () => {
    const client = anonymous();
    const session = await signIn(client);
    const userId = session.user!.id;
    const authed = withJwt(session.jwt);
    expect(await getUserAvatar(userId, authed)).toBeNull();

    await saveUserAvatar({ userId, file: new File([PNG_1X1], 'first.png', { type: 'image/png' }), current: null }, authed);
    const first = await getUserAvatar(userId, authed);
    expect(first?.url).toMatch(/^https?:\/\/.+first.*\.png$/);
    expect(first?.fileId).toEqual(expect.any(Number));

    await saveUserAvatar({ userId, file: new File([PNG_1X1], 'second.png', { type: 'image/png' }), current: first }, authed);
    const second = await getUserAvatar(userId, authed);
    expect(second?.id).toBe(first?.id);
    expect(second?.url).toMatch(/second.*\.png$/);

    // The CMS's own checks (the layer's pre-check is bypassed by calling the upload directly).
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const text = await rejection(uploadAvatarImage({ avatarId: second!.id, file: notes }, authed));
    expect(text.message).toMatch(/image/i);
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(PNG_1X1);
    const oversize = await rejection(uploadAvatarImage({ avatarId: second!.id, file: new File([huge], 'huge.png', { type: 'image/png' }) }, authed));
    expect(oversize.message).toMatch(/5 MB|too large|larger/i);
    const stranger = await signIn(client);
    const firstText = await rejection(createUserAvatar({ userId: stranger.user!.id, file: notes }, withJwt(stranger.jwt)));
    expect(firstText.message).toMatch(/image/i);
    // The layer refuses such a file before deleting anything.
    expect((await rejection(saveUserAvatar({ userId, file: notes, current: second }, authed))).message).toMatch(/jpg/);
    expect((await getUserAvatar(userId, authed))?.url).toBe(second?.url);
    // HTML renamed .png: refused by its first bytes, with the wrong-type message (deployed-system.md §P4.9, §P5).
    const html = new File(['<html><script>alert(1)</script></html>'], 'page.png', { type: 'image/png' });
    expect((await rejection(saveUserAvatar({ userId, file: html, current: second }, authed))).message).toMatch(/jpg/);
    expect((await getUserAvatar(userId, authed))?.url).toBe(second?.url);

    // Another user may not attach to this row.
    const other = await signIn(client);
    const foreign = await rejection(
      saveUserAvatar({ userId: other.user!.id, file: new File([PNG_1X1], 'x.png', { type: 'image/png' }), current: second }, withJwt(other.jwt)),
    );
    expect([401, 403]).toContain(foreign.status);
  });

  it('a collection stored checksummed: $eq with the lower-case address finds nothing (compared as SQLite does), the listing finds it with $eqi and updates its rows — no duplicates', async () => {
    const client = anonymous();
    const seller = await signIn(client);
    const authed = withJwt(seller.jwt);
    const checksummed = Wallet.createRandom().address;
    const lower = checksummed.toLowerCase();
    expect(lower).not.toBe(checksummed);
    const collectionId = await createCollection(
      { name: 'Stored checksummed', contractAddress: checksummed, description: 'x', ownerUserId: seller.user!.id, chainId: 137, chainName: 'Polygon Mainnet' },
      authed,
    );
    const nftId = await createNft(
      { collectionId, tokenId: 5, tokenName: 'Stored #5', tokenStandard: 'ERC721', description: 'x', imageUrl: 'https://ipfs.io/ipfs/stored', owner: seller.wallet.address, price: 1_000_000n, itemId: 1 },
      authed,
    );
    await releaseNftSale(nftId, authed); // status 3, like a minted token the owner now lists
    const byEq = await client.get<{ data: unknown[] }>('/api/collections', { params: { filters: { contract_address: { $eq: lower } } } });
    expect(byEq.data.data).toEqual([]);
    expect((await getCollectionByContract(lower, client))?.id).toBe(collectionId);

    const listedId = await saveListing(
      {
        userId: seller.user!.id,
        chainId: 137,
        chainName: 'Polygon Mainnet',
        contractAddress: lower,
        collectionName: 'Would be a duplicate',
        tokenId: 5,
        tokenName: 'Stored #5',
        tokenStandard: 'ERC721',
        description: 'x',
        imageUrl: 'https://ipfs.io/ipfs/stored',
        owner: seller.wallet.address,
        price: 33_000_000n,
        itemId: 91,
      },
      authed,
    );
    expect(listedId).toBe(nftId);
    expect(await getNft(nftId, client)).toMatchObject({ price: 33_000_000n, itemId: 91, status: { id: 2 } });
    const same = await client.get<{ data: unknown[] }>('/api/collections', { params: { filters: { contract_address: { $eqi: checksummed } } } });
    expect(same.data.data).toHaveLength(1);
    const rows = await client.get<{ data: unknown[] }>('/api/nft', { params: { filters: { token_id: { $eq: 5 }, collection: { id: { $eq: collectionId } } } } });
    expect(rows.data.data).toHaveLength(1);
    // The on-sale tab finds the row whatever the case of the owner written.
    expect((await getOnSaleNfts(seller.wallet.address.toLowerCase(), client)).map((nft) => nft.id)).toContain(nftId);
  });

  it('a bearer on the e-mail routes is a 403 (only Public holds them); the app sends forms without it, signed in or not', async () => {
    const client = anonymous();
    const session = await signIn(client);
    const marker = `bearer-${Date.now()}`;
    const bearer = { headers: { Authorization: `Bearer ${session.jwt}` } };
    const email = await rejection(client.post('/api/email', { to: CONTACT_EMAIL, subject: 'CONTACT US FORM', html: `<p>${marker}</p>` }, bearer));
    expect(email.status).toBe(403);
    const { body, headers } = multipart([{ name: 'desc', value: marker }, { name: 'attachment', value: '', filename: '' }]);
    const attachment = await rejection(client.post('/api/email-attachment', body, { headers: { ...headers, ...bearer.headers } }));
    expect(attachment.status).toBe(403);
    expect((await target().outbox()).some((mail) => mail.html?.includes(marker))).toBe(false);
    // The layer's client, signed in: no bearer on the form, so it is sent.
    await sendContactEmail({ email: 'a@b.c', note: marker }, withJwt(session.jwt), CONTACT_EMAIL);
    expect((await target().outbox()).some((mail) => mail.subject === 'CONTACT US FORM' && mail.html?.includes(marker))).toBe(true);
  });

  it('the avatar lookup by user needs the user.find grant: Public gets 400; without the grant the app says "not available" and leaves no file behind', async () => {
    const client = anonymous();
    const session = await signIn(client);
    const userId = session.user!.id;
    const authed = withJwt(session.jwt);
    const refusedPublic = await rejection(client.get('/api/user-avatars', { params: { filters: { users_permissions_user: { id: { $eq: userId } } } } }));
    expect(refusedPublic).toMatchObject({ status: 400, message: 'Invalid parameter users_permissions_user' });
    expect(await getUserAvatar(userId, authed)).toBeNull();

    const restore = await target().withMode({ userFind: false });
    try {
      const refused = await rejection(getUserAvatar(userId, authed));
      expect(refused).toMatchObject({ status: 400, message: 'Invalid parameter users_permissions_user' });
      const failure = await rejection(
        saveUserAvatar({ userId, file: new File([PNG_1X1], 'orphan.png', { type: 'image/png' }), current: null }, authed),
      );
      expect(failure.details.reason).toBe(AVATAR_UNAVAILABLE);
    } finally {
      await restore();
    }
    // The row was created without its user link; its file was deleted again.
    const { data } = await client.get<{ data: Array<{ id: number; attributes: { avatar: { data: unknown } } }> }>('/api/user-avatars', {
      params: { populate: ['avatar'], sort: ['id:desc'], pagination: { pageSize: 1 } },
    });
    expect(data.data[0]?.attributes.avatar.data).toBeNull();
    expect(await getUserAvatar(userId, authed)).toBeNull();
  });

  it('without the natura-balance type the route is a 404 and the layer says "not published" (null)', async () => {
    const client = anonymous();
    const restore = await target().withMode({ naturaBalance: false });
    try {
      expect((await rejection(client.get('/api/natura-balances'))).status).toBe(404);
      expect(await getNaturaBalances(client)).toBeNull();
    } finally {
      await restore();
    }
    expect(await getNaturaBalances(client)).not.toBeNull();
  });

  it('forms: the e-mails reach the outbox with fixed subjects and escaped input', async () => {
    const client = anonymous();
    const marker = `contract-${Date.now()}`;
    await sendContactEmail({ email: 'a@b.c', note: `<b>${marker}</b>` }, client, CONTACT_EMAIL);
    await sendWorkEmail({ name: 'Ada', surname: 'L', email: 'a@b.c', phone: '1', position: 'Dev', note: marker }, client, CONTACT_EMAIL);
    await sendProjectEmail(
      {
        name: 'Ada',
        surname: 'L',
        email: 'a@b.c',
        phone: '1',
        description: marker,
        referenceLink: '',
        attachment: new File(['%PDF-1.4 contract'], 'plan.pdf', { type: 'application/pdf' }),
      },
      client,
      CONTACT_EMAIL,
    );
    const mails = await target().outbox();
    const contact = mails.find((mail) => mail.subject === 'CONTACT US FORM' && mail.html?.includes(marker));
    expect(contact?.html).toContain(`&lt;b&gt;${marker}&lt;/b&gt;`);
    expect(contact?.to).toBe(CONTACT_EMAIL);
    expect(mails.some((mail) => mail.subject === 'Work With Us Form' && mail.html?.includes(marker))).toBe(true);
    const project = mails.find((mail) => mail.subject === 'Do you have Project Form' && mail.html?.includes(marker));
    expect(project?.attachments).toBe(1);
    // The CMS refuses other recipients (no open relay).
    expect((await rejection(sendContactEmail({ email: 'a@b.c', note: 'x' }, client, 'someone@else.test'))).status).toBe(400);
    // The email plugin's answer says nothing about delivery.
    const answer = await client.post('/api/email', { to: CONTACT_EMAIL, subject: 'CONTACT US FORM', html: `<p>${marker}</p>` });
    expect(answer.data).toEqual({});
  });

  it('project form without a file: an empty file part sends the e-mail (answer {}); a text-field or missing attachment is 200 {} and sends nothing', async () => {
    const client = anonymous();
    const fields = (desc: string) => [
      { name: 'name', value: 'Ada' },
      { name: 'surname', value: 'L' },
      { name: 'email', value: 'a@b.c' },
      { name: 'phone', value: '1' },
      { name: 'desc', value: desc },
      { name: 'ref_link', value: '' },
      { name: 'to', value: CONTACT_EMAIL },
    ];
    const post = (parts: Parameters<typeof multipart>[0]) => {
      const { body, headers } = multipart(parts);
      return client.post<unknown>('/api/email-attachment', body, { headers });
    };
    const run = Date.now();
    // What a plain HTML form (and the app in a browser) sends for an empty file input.
    const emptyFile = await post([...fields(`empty-file-${run}`), { name: 'attachment', value: '', filename: '' }]);
    expect(emptyFile.status).toBe(200);
    // Sent, and still `{}` (deployed-system.md §B7.4): the answer never proves delivery.
    expect(emptyFile.data).toEqual({});
    // The deployed controller throws on the missing file, catches it and answers 200 `{}`.
    const textField = await post([...fields(`text-field-${run}`), { name: 'attachment', value: '' }]);
    expect(textField.status).toBe(200);
    expect(textField.data).toEqual({});
    const omitted = await post(fields(`omitted-${run}`));
    expect(omitted.status).toBe(200);
    expect(omitted.data).toEqual({});

    const mails = (await target().outbox()).filter((mail) => mail.subject === 'Do you have Project Form');
    const sent = mails.find((mail) => mail.html?.includes(`empty-file-${run}`));
    expect(sent?.attachments).toBe(0);
    expect(mails.some((mail) => mail.html?.includes(`text-field-${run}`))).toBe(false);
    expect(mails.some((mail) => mail.html?.includes(`omitted-${run}`))).toBe(false);
  });
}

describe('CMS contract — MSW handlers', () => {
  const baseUrl = 'http://cms.msw.test';
  const db = createCmsDb();
  seedDefault(db);
  const server = setupServer(...createCmsHandlers({ baseUrl, db }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  // Only MSW can drop the author type (the local CMS keeps it as a documented extra).
  it('without the author type, like the deployed CMS: the author is not-found, author filters mean no NFTs', async () => {
    const restore = db.withoutAuthorType();
    try {
      const client = createCmsClient({ baseURL: baseUrl });
      expect((await rejection(getAuthor(1, client))).kind).toBe('not-found');
      const refused = await rejection(client.get('/api/nft', { params: { filters: { author: { id: { $eq: 1 } } } } }));
      expect(refused).toMatchObject({ status: 400, message: 'Invalid parameter author' });
      expect(await getAuthorNfts(1, client)).toEqual([]);
      const nft = await client.get<Record<string, unknown>>('/api/nft-v1s/3');
      expect('author' in nft.data).toBe(false);
    } finally {
      restore();
    }
  });

  defineContract(() => ({
    baseUrl,
    withMode: (changes) => {
      const restore = db.withMode(changes);
      return Promise.resolve(() => Promise.resolve(restore()));
    },
    outbox: () =>
      Promise.resolve(
        db.outbox.map((mail) => ({
          to: mail.to,
          subject: mail.subject,
          html: mail.html ?? JSON.stringify(mail.fields ?? {}),
          attachments: mail.attachment ? 1 : 0,
        })),
      ),
  }));
});

describe('CMS contract — real local Strapi', () => {
  let cms: Awaited<ReturnType<Harness['startCms']>> | undefined;
  let dataDir = '';

  beforeAll(async () => {
    const harnessUrl = new URL('../../cms/harness.mjs', import.meta.url).href;
    const harness = (await import(/* @vite-ignore */ harnessUrl)) as Harness;
    let started = Date.now();
    const install = await harness.ensureCmsInstalled();
    const installMs = Date.now() - started;
    dataDir = mkdtempSync(join(tmpdir(), 'cms-contract-'));
    started = Date.now();
    cms = await harness.startCms({ port: await harness.freePort(), dataDir, fresh: true });
    console.info(
      `[cms-contract] install ${install.installed ? 'ran' : 'skipped (up to date)'} in ${(installMs / 1000).toFixed(1)} s; ` +
        `start to ready (fresh, seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  afterAll(async () => {
    await cms?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // The seed stores its images as uploads on the deployed CMS are stored: with the smaller copies
  // Strapi's upload plugin makes (thumbnail inside 245×156, small/medium/large inside 500/750/1000
  // px, each only below the original's size), so the app's srcset is what a phone really gets.
  it("seeded media carry Strapi's smaller copies: a 1200×300 banner and a 320×320 logo become srcsets", async () => {
    const collections = await getExploreCollections(null, createCmsClient({ baseURL: cms!.url }));
    expect(collections.length).toBeGreaterThan(0);
    const widths = (srcSet: string | undefined) => srcSet?.split(', ').map((candidate) => candidate.split(' ')[1]);
    for (const collection of collections) {
      expect(widths(collection.bannerSrcSet), collection.name).toEqual(['245w', '500w', '750w', '1000w', '1200w']);
      expect(widths(collection.featureImageSrcSet), collection.name).toEqual(['156w', '320w']);
    }
  });

  defineContract(() => ({
    baseUrl: cms!.url,
    withMode: async (changes) => {
      const harness = (await import(/* @vite-ignore */ new URL('../../cms/harness.mjs', import.meta.url).href)) as Harness;
      const before = await harness.setCmsMode(cms!.url, {});
      await harness.setCmsMode(cms!.url, changes);
      return async () => {
        await harness.setCmsMode(cms!.url, before);
      };
    },
    outbox: async () => {
      const harness = (await import(/* @vite-ignore */ new URL('../../cms/harness.mjs', import.meta.url).href)) as Harness;
      const mails = await harness.readOutbox(cms!.url);
      return mails.map((mail) => ({
        to: typeof mail.to === 'string' ? mail.to : '',
        subject: typeof mail.subject === 'string' ? mail.subject : '',
        html: typeof mail.html === 'string' ? mail.html : JSON.stringify(mail),
        attachments: Array.isArray(mail.attachments) ? mail.attachments.length : 0,
      }));
    },
  }));
});
