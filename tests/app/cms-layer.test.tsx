import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { getAddress } from 'ethers';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAuthor } from '@/features/authors/api/get-author';
import { useAuthorNfts } from '@/features/authors/api/get-author-nfts';
import { useCategories } from '@/features/collections/api/get-categories';
import { useCollection } from '@/features/collections/api/get-collection';
import { useCollectionItemCount } from '@/features/collections/api/get-collection-item-count';
import { useComingSoonCollections } from '@/features/collections/api/get-coming-soon-collections';
import { useExploreCollections } from '@/features/collections/api/get-explore-collections';
import { useFeaturedCollections } from '@/features/collections/api/get-featured-collections';
import { useHeroCollection } from '@/features/collections/api/get-hero-collection';
import { getDashboardCollections } from '@/features/dashboard/api/get-dashboard-collections';
import { getNaturaBalances } from '@/features/dashboard/api/get-natura-balances';
import { useSendContactEmail } from '@/features/forms/api/send-contact-email';
import { sendProjectEmail } from '@/features/forms/api/send-project-email';
import { sendWorkEmail } from '@/features/forms/api/send-work-email';
import { useBumpNftViews } from '@/features/nfts/api/bump-nft-views';
import { purchaseFlow } from '@/features/checkout/tx/flow';
import { finalisePurchase } from '@/features/checkout/tx/finalise-purchase';
import { useCollectionNfts } from '@/features/nfts/api/get-collection-nfts';
import { useNft } from '@/features/nfts/api/get-nft';
import { useNftStatuses } from '@/features/nfts/api/get-nft-statuses';
import { useNftTransactions } from '@/features/nfts/api/get-nft-transactions';
import { useCollectionSearch } from '@/features/nfts/api/search-collection-nfts';
import { useToggleNftLike } from '@/features/nfts/api/toggle-nft-like';
import { getOnSaleNfts } from '@/features/profile/api/get-on-sale-nfts';
import { getUserAvatar } from '@/features/profile/api/get-user-avatar';
import { releaseNftSale } from '@/lib/cms/writes/release-nft-sale';
import { saveListing } from '@/features/profile/tx/save-listing';
import { saveUserAvatar, uploadAvatarImage } from '@/features/profile/api/save-user-avatar';
import { TransactionsRunner } from '@/app/transactions-runner';
import { NFT_STATUS } from '@/lib/cms/types';
import { enqueueRecords } from '@/lib/tx/outbox/outbox-store';
import { toAppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { buildCollection, buildNft } from '../msw/factories';
import { server } from '../msw/server';

function wrapperWith(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { wrapper, queryClient };
}

function recordUrls() {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(new URL(request.url));
  });
  return urls;
}

/** A session as the wallet sign-in stores it: the outbox writes an entry only for the signed-in account. */
function signIn() {
  localStorage.setItem('jwtToken', DEFAULT_USER.jwt);
  localStorage.setItem('userInfo', JSON.stringify({ id: DEFAULT_USER.id, address: DEFAULT_USER.address }));
}

describe('browsing reads through the hooks', () => {
  it('home and explore collections', async () => {
    const { wrapper } = wrapperWith();
    const hero = renderHook(() => useHeroCollection(), { wrapper });
    const featured = renderHook(() => useFeaturedCollections(), { wrapper });
    const comingSoon = renderHook(() => useComingSoonCollections(), { wrapper });
    const explore = renderHook(() => useExploreCollections(2), { wrapper });
    const all = renderHook(() => useExploreCollections(null), { wrapper });
    const categories = renderHook(() => useCategories(), { wrapper });
    await waitFor(() => expect(categories.result.current.data).toBeDefined());
    await waitFor(() => expect(all.result.current.data).toBeDefined());
    // The newest verified active collection: Ocean Sounds is newer, but unverified (its contract is not trusted).
    await waitFor(() => expect(hero.result.current.data?.name).toBe('Terra Genesis'));
    await waitFor(() => expect(featured.result.current.data?.map((c) => c.name)).toEqual(['Terra Genesis']));
    await waitFor(() => expect(comingSoon.result.current.data?.map((c) => c.name)).toEqual(['Forest Spirits']));
    await waitFor(() => expect(explore.result.current.data?.map((c) => c.id)).toEqual([2]));
    expect(all.result.current.data?.map((c) => c.id)).toEqual([1, 2]);
    expect(categories.result.current.data).toEqual([
      { id: 1, name: 'Art' },
      { id: 2, name: 'Music' },
    ]);
    expect(featured.result.current.data?.[0]?.featureImageUrl).toBe('https://terra-mater.s3.amazonaws.com/image-2.png');
  });

  it('collection page: header, item count (published only), statuses', async () => {
    const { wrapper } = wrapperWith();
    const collection = renderHook(() => useCollection(1), { wrapper });
    const count = renderHook(() => useCollectionItemCount(1), { wrapper });
    const statuses = renderHook(() => useNftStatuses(), { wrapper });
    const missing = renderHook(() => useCollection(77), { wrapper });
    await waitFor(() =>
      expect(collection.result.current.data?.bannerUrl).toBe('https://terra-mater.s3.amazonaws.com/image-1.png'),
    );
    await waitFor(() => expect(count.result.current.data).toBe(3));
    await waitFor(() => expect(statuses.result.current.data?.map((s) => s.label)).toEqual(['Mint', 'Buy Now', 'Sold']));
    await waitFor(() => expect(toAppError(missing.result.current.error).kind).toBe('not-found'));
  });

  it('infinite NFT list: 24 per page, next page while loaded < total, a status change restarts at page 1', async () => {
    cmsDb.insert(
      'nfts',
      ...Array.from({ length: 30 }, (_, i) =>
        buildNft({ id: 100 + i, token_id: 100 + i, collection: 2, nft_status: i < 5 ? 2 : 1 }),
      ),
    );
    const urls = recordUrls();
    const { wrapper } = wrapperWith();
    const { result, rerender } = renderHook((statuses: number[]) => useCollectionNfts({ collectionId: 2, statuses }), {
      wrapper,
      initialProps: [] as number[],
    });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.data?.pages[0]?.items).toHaveLength(24);
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.data?.pages.flatMap((page) => page.items)).toHaveLength(31);
    expect(result.current.hasNextPage).toBe(false);

    rerender([NFT_STATUS.listed]);
    await waitFor(() => expect(result.current.data?.pages[0]?.items).toHaveLength(5));
    expect(result.current.data?.pages).toHaveLength(1);
    const last = urls.filter((url) => url.pathname === '/api/nft-v1s').at(-1)!;
    expect(last.searchParams.get('page')).toBe('1');
    expect(last.searchParams.get('statuses')).toBe('["2"]');
    server.events.removeAllListeners();
  });

  it('search is off for empty text and URL-encodes the text', async () => {
    const urls = recordUrls();
    const { wrapper } = wrapperWith();
    const { result, rerender } = renderHook((text: string) => useCollectionSearch({ collectionId: 1, text }), {
      wrapper,
      initialProps: '  ',
    });
    expect(result.current.fetchStatus).toBe('idle');
    rerender('genesis #2');
    await waitFor(() => expect(result.current.data?.items.map((nft) => nft.id)).toEqual([2]));
    expect(result.current.data?.total).toBe(1);
    const request = urls.find((url) => url.pathname === '/api/nft-v1s/fwfilters')!;
    expect(request.search).toContain('searchtxt=genesis%20%232');
    expect(request.searchParams.get('searchtxt')).toBe('genesis #2');
    server.events.removeAllListeners();
  });

  it('item page: NFT with props, history newest first, author and their NFTs', async () => {
    const { wrapper } = wrapperWith();
    const nft = renderHook(() => useNft(2), { wrapper });
    const history = renderHook(() => useNftTransactions(2), { wrapper });
    const author = renderHook(() => useAuthor(1), { wrapper });
    const authorNfts = renderHook(() => useAuthorNfts(1), { wrapper });
    const missing = renderHook(() => useNft(404), { wrapper });
    await waitFor(() => expect(nft.result.current.data?.props.map((p) => p.property)).toEqual(['Background', 'Eyes']));
    expect(nft.result.current.data?.price).toBe(120_250_000n);
    await waitFor(() => expect(history.result.current.data?.map((t) => t.description)).toEqual(['Buy', 'Mint']));
    expect(history.result.current.data?.[0]?.price).toBe(120_250_000n);
    await waitFor(() =>
      expect(author.result.current.data?.avatarUrl).toBe('https://terra-mater.s3.amazonaws.com/image-4.png'),
    );
    await waitFor(() => expect(authorNfts.result.current.data?.map((n) => n.id)).toEqual([5, 3]));
    expect(authorNfts.result.current.data?.[0]?.collection?.featureImageUrl).toBe(
      'https://terra-mater.s3.amazonaws.com/image-3.png',
    );
    await waitFor(() => expect(toAppError(missing.result.current.error).kind).toBe('not-found'));
  });
});

describe('writes store what the CMS expects', () => {
  it('a view bump needs a session; a signed-in like stores the new total and updates the cache', async () => {
    const { wrapper, queryClient } = wrapperWith();
    const bump = renderHook(() => useBumpNftViews(), { wrapper });
    let anonymous: unknown;
    await act(async () => {
      anonymous = await bump.result.current.mutateAsync({ id: 2, views: 10 }).catch((error: unknown) => error);
    });
    expect(toAppError(anonymous).kind).toBe('forbidden');
    expect(cmsDb.find('nfts', 2)?.views).toBe(10);

    signIn();
    await act(() => bump.result.current.mutateAsync({ id: 2, views: 10 }));
    expect(cmsDb.find('nfts', 2)?.views).toBe(11);
    const nft = renderHook(() => useNft(2), { wrapper });
    await waitFor(() => expect(nft.result.current.data?.likes).toBe(3));
    const like = renderHook(() => useToggleNftLike(), { wrapper });
    let stored = 0;
    await act(async () => {
      stored = await like.result.current.mutateAsync({ id: 2, likes: 4 });
    });
    expect(stored).toBe(4);
    expect(cmsDb.find('nfts', 2)?.likes).toBe(4);
    await waitFor(() => expect(queryClient.getQueryData<{ likes: number }>(queryKeys.cms.nft(2))?.likes).toBe(4));
  });

  it('contact and work emails: fixed recipient and subjects, user input escaped', async () => {
    const { wrapper } = wrapperWith();
    const contact = renderHook(() => useSendContactEmail(), { wrapper });
    await act(() => contact.result.current.mutateAsync({ email: 'a@b.c', note: '<script>alert(1)</script> & "hi"' }));
    await sendWorkEmail({
      name: 'Ada',
      surname: 'L',
      email: 'a@b.c',
      phone: '1',
      position: 'Dev <b>',
      note: 'line1\nline2',
    });
    expect(cmsDb.outbox).toEqual([
      {
        to: 'info@terramaternfts.com',
        subject: 'CONTACT US FORM',
        html: '<p>Email: a@b.c</p><p>Note: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hi&quot;</p>',
      },
      {
        to: 'info@terramaternfts.com',
        subject: 'Work With Us Form',
        html: '<p>Name: Ada</p><p>Surname: L</p><p>Email: a@b.c</p><p>Phone: 1</p><p>Asking Position: Dev &lt;b&gt;</p><p>Note: line1<br>line2</p>',
      },
    ]);
  });

  it('project email: multipart fields, optional attachment', async () => {
    const input = {
      name: 'Ada',
      surname: 'L',
      email: 'a@b.c',
      phone: '1',
      description: 'An idea',
      referenceLink: 'https://x.y',
      attachment: null,
    };
    await sendProjectEmail(input);
    await sendProjectEmail({ ...input, attachment: new File(['pdf-bytes'], 'deck.pdf', { type: 'application/pdf' }) });
    expect(cmsDb.outbox[0]?.fields).toMatchObject({
      name: 'Ada',
      surname: 'L',
      desc: 'An idea',
      ref_link: 'https://x.y',
      to: 'info@terramaternfts.com',
    });
    // Without a file the attachment is an empty file part (a text field would get no e-mail).
    expect(cmsDb.outbox).toHaveLength(2);
    // jsdom's XHR drops multipart file names (see fileName() in cms-handlers); the size proves the upload.
    expect(cmsDb.outbox[1]?.attachment?.size).toBe(9);
  });

  it('avatar: create the first, replace it (old file deleted), reject a non-image with a message', async () => {
    signIn();
    expect(await getUserAvatar(DEFAULT_USER.id)).toBeNull();
    await saveUserAvatar({
      userId: DEFAULT_USER.id,
      file: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', {
        type: 'image/png',
      }),
      current: null,
    });
    const first = await getUserAvatar(DEFAULT_USER.id);
    expect(first?.url).toMatch(/^http:\/\/cms\.test\/uploads\/\d+-(me|blob)\.png$/);

    await saveUserAvatar({
      userId: DEFAULT_USER.id,
      file: new File(['GIF89a'], 'new.gif', { type: 'image/gif' }),
      current: first,
    });
    const second = await getUserAvatar(DEFAULT_USER.id);
    expect(second?.id).toBe(first?.id);
    expect(second?.url).toMatch(/\.gif$/);
    expect(cmsDb.find('files', first!.fileId)).toBeUndefined();

    // Checked before anything is deleted: the current avatar survives an unacceptable file.
    const notes = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const rejected = saveUserAvatar({ userId: DEFAULT_USER.id, file: notes, current: second });
    await expect(rejected).rejects.toMatchObject({
      message: expect.stringMatching(/jpg, jpeg, gif or png/) as unknown,
    });
    expect((await getUserAvatar(DEFAULT_USER.id))?.url).toBe(second?.url);
    // The CMS refuses it too, with its message.
    await expect(uploadAvatarImage({ avatarId: second!.id, file: notes })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: expect.stringMatching(/Only image files/) as unknown,
    });
  });

  it('purchase bookkeeping: transaction from the previous owner, then owner + status 3', async () => {
    signIn();
    const buyer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    await finalisePurchase({
      nftId: 1,
      collectionId: 1,
      fromAddress: null,
      buyer,
      price: 25_500_000n,
      kind: 'Mint',
    });
    const tx = cmsDb.tables.transactions.at(-1);
    expect(tx).toMatchObject({
      collection: 1,
      nft_v_1: 1,
      from_address: '0x0000000000000000000000000000000000000000',
      to_address: buyer,
      price: '25.5',
      desc: 'Mint',
    });
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: buyer, nft_status: NFT_STATUS.owned });
  });

  it('a purchase written through the outbox refreshes exactly the NFT, NFT lists and transactions', async () => {
    signIn();
    const urls = recordUrls();
    const { wrapper: queries } = wrapperWith();
    const wrapper = ({ children }: { children: ReactNode }) =>
      queries({
        children: (
          <>
            <TransactionsRunner />
            {children}
          </>
        ),
      });
    const nft = renderHook(() => useNft(1), { wrapper });
    const history = renderHook(() => useNftTransactions(1), { wrapper });
    const categories = renderHook(() => useCategories(), { wrapper });
    await waitFor(() => expect(nft.result.current.data?.owner).toBeNull());
    await waitFor(() => expect(history.result.current.data).toEqual([]));
    await waitFor(() => expect(categories.result.current.data).toHaveLength(2));
    const record = { nftId: 1, collectionId: 1, fromAddress: null, price: '25500000', kind: 'Mint' } as const;
    act(() =>
      enqueueRecords(`0x${'12'.repeat(32)}`, DEFAULT_USER.address, [
        purchaseFlow.action({ ...record, buyer: DEFAULT_USER.address, name: 'Genesis #1' }),
      ]),
    );
    await waitFor(() => expect(nft.result.current.data?.owner).toBe(DEFAULT_USER.address));
    await waitFor(() => expect(history.result.current.data?.map((tx) => tx.description)).toEqual(['Mint']));
    expect(nft.result.current.data?.status?.id).toBe(NFT_STATUS.owned);
    expect(urls.filter((url) => url.pathname === '/api/categories')).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('listing bookkeeping: new contract → collection + NFT created; known token → row updated; release', async () => {
    signIn();
    const listing = {
      userId: DEFAULT_USER.id,
      chainId: 137,
      chainName: 'Polygon Mainnet',
      collectionName: 'Wallet Collection',
      tokenName: 'W #7',
      tokenStandard: 'ERC721',
      description: 'From the wallet',
      imageUrl: 'https://ipfs.io/ipfs/abc',
      owner: DEFAULT_USER.address,
      price: 12_500_000n,
      itemId: 9,
    };
    const newId = await saveListing({
      ...listing,
      contractAddress: '0x4000000000000000000000000000000000000009',
      tokenId: 7,
    });
    const collection = cmsDb.tables.collections.find(
      (c) => c.contract_address === '0x4000000000000000000000000000000000000009',
    );
    expect(collection).toMatchObject({
      name: 'Wallet Collection',
      status: 'Active',
      users_permissions_user: DEFAULT_USER.id,
      category: 1,
      chain_id: 137,
    });
    expect(cmsDb.find('nfts', newId)).toMatchObject({
      collection: collection?.id,
      token_id: 7,
      price: '12.5',
      item_id: 9,
      nft_status: 2,
      views: 0,
    });

    // Same contract in another letter case, existing token: no duplicate, the row is updated.
    const updatedId = await saveListing({
      ...listing,
      contractAddress: '0x3000000000000000000000000000000000000001',
      tokenId: 3,
      price: 1n,
      itemId: 11,
    });
    expect(updatedId).toBe(3);
    expect(cmsDb.find('nfts', 3)).toMatchObject({ price: '0.000001', item_id: 11, nft_status: 2 });
    expect((await getOnSaleNfts(DEFAULT_USER.address.toLowerCase())).map((nft) => nft.id)).toEqual([2, 3, newId]);

    await releaseNftSale(3);
    expect(cmsDb.find('nfts', 3)?.nft_status).toBe(NFT_STATUS.owned);
  });

  it('listing a token whose collection row is stored in the other spelling ($eqi): no new collection or NFT row, the existing ones updated', async () => {
    signIn();
    const checksummed = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const lowerCase = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
    const now = new Date().toISOString();
    for (const [id, address] of [
      [11, checksummed],
      [12, lowerCase],
    ] as const) {
      cmsDb.insert(
        'collections',
        buildCollection({
          id,
          name: `Stored ${id}`,
          status: 'Active',
          contract_address: address,
          createdAt: now,
          publishedAt: now,
        }),
      );
      cmsDb.insert(
        'nfts',
        buildNft({
          id: 100 + id,
          token_id: 1,
          token_name: `Stored ${id} #1`,
          collection: id,
          nft_status: NFT_STATUS.owned,
          price: 1,
        }),
      );
    }
    const listing = {
      userId: DEFAULT_USER.id,
      chainId: 137,
      chainName: 'Polygon Mainnet',
      collectionName: 'Would be a duplicate',
      tokenId: 1,
      tokenName: 'x',
      tokenStandard: 'ERC721',
      description: 'x',
      imageUrl: 'https://ipfs.io/ipfs/x',
      owner: DEFAULT_USER.address,
      price: 7_000_000n,
      itemId: 21,
    };
    const collections = cmsDb.tables.collections.length;
    const nfts = cmsDb.tables.nfts.length;
    // The indexer's lower-case address finds the checksummed row, and a checksummed one the lower-case row.
    expect(await saveListing({ ...listing, contractAddress: checksummed.toLowerCase() })).toBe(111);
    expect(await saveListing({ ...listing, contractAddress: getAddress(lowerCase), itemId: 22 })).toBe(112);
    expect(cmsDb.tables.collections).toHaveLength(collections);
    expect(cmsDb.tables.nfts).toHaveLength(nfts);
    expect(cmsDb.find('nfts', 111)).toMatchObject({ price: '7', item_id: 21, nft_status: NFT_STATUS.listed });
    expect(cmsDb.find('nfts', 112)).toMatchObject({ price: '7', item_id: 22, nft_status: NFT_STATUS.listed });
  });

  it('dashboard reads', async () => {
    expect((await getDashboardCollections()).map((c) => c.contractAddress)).toEqual([
      '0x3000000000000000000000000000000000000001',
    ]);
    // Plain Natura numbers in the CMS, Natura wei in the app.
    expect(await getNaturaBalances()).toEqual({
      teamReleased: 1000n * 10n ** 18n,
      incentiveReleased: 2505n * 10n ** 17n,
      rndReleased: 10n * 10n ** 18n,
      reserveReleased: 0n,
    });
    cmsDb.clear();
    expect(await getNaturaBalances()).toEqual({
      teamReleased: 0n,
      incentiveReleased: 0n,
      rndReleased: 0n,
      reserveReleased: 0n,
    });
  });
});
