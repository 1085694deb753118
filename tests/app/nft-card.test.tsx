import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NftCard } from '@/features/nfts/components/nft-card';
import { NftList } from '@/features/nfts/components/nft-list';
import type { Nft } from '@/lib/cms/types';
import { initI18n } from '@/lib/i18n/i18n';

function nft(overrides: Partial<Nft> & { id: number }): Nft {
  return {
    tokenId: overrides.id,
    tokenName: `Token #${overrides.id}`,
    title: null,
    description: '',
    imageUrl: null,
    audioUrl: null,
    price: 12_345_600n,
    tokenStandard: 'ERC721',
    itemId: null,
    itemType: null,
    deadline: null,
    status: null,
    owner: null,
    likes: 4,
    views: 0,
    collection: null,
    props: [],
    author: null,
    ...overrides,
  };
}

let i18n: ReturnType<typeof initI18n>;
beforeAll(async () => {
  // Rendered outside the app's route Suspense: the card's texts are loaded first.
  i18n = initI18n('en');
  await i18n.loadNamespaces(['nft', 'collection']);
});

function wrap(children: ReactNode) {
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nextProvider>
  );
}

describe('NFT card', () => {
  it('shows image placeholder, name, the chain price in USDT, likes, View, and links the whole card to the detail page', () => {
    render(wrap(<NftCard nft={nft({ id: 7 })} listed={false} price={5_000_000n} />));
    const article = screen.getByRole('article');
    expect(article.querySelector('img')).toHaveAttribute('src', '/img/placeholder.svg');
    // A price written in full at 3 decimals is plain text (docs/amounts.md).
    expect(article.querySelector('.nft-card-price')).toHaveTextContent(/^5\.000 USDT$/);
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
    expect(within(article).getByText('4 likes')).toBeInTheDocument();
    expect(within(article).getByText('View')).toBeInTheDocument();
    const link = within(article).getByRole('link', { name: 'Open Token #7' });
    expect(link).toHaveAttribute('href', '/ItemDetail/7');
    // The stretched link covers the card, so a click anywhere opens the detail page.
    expect(link).toHaveClass('stretched-link');
  });

  it('reads Buy when the token is listed, with the listing price', () => {
    render(wrap(<NftCard nft={nft({ id: 7 })} listed price={45_000_000n} />));
    expect(screen.getByText('Buy')).toBeInTheDocument();
    expect(screen.getByRole('article').querySelector('.nft-card-price')).toHaveTextContent(/^45\.000 USDT$/);
    expect(screen.queryByText('View')).not.toBeInTheDocument();
  });

  it('amount display: a price its 3 decimals round is a button above the card link that opens the exact figure', async () => {
    const user = userEvent.setup();
    render(wrap(<NftCard nft={nft({ id: 7 })} listed price={12_345_600n} />));
    const article = screen.getByRole('article');
    const rounded = within(article).getByRole('button', { name: '12.346, rounded: show the exact figure' });
    // Raised above the stretched link, so the tap reaches it instead of opening the detail page.
    expect(rounded).toHaveClass('amount-rounded');
    await user.click(rounded);
    expect(within(article).getByRole('note')).toHaveTextContent('(exactly 12.3456; 12345600 base units)');
  });

  it('shows no price for an NFT nobody sells, whatever its CMS row says (issue 38)', () => {
    render(wrap(<NftCard nft={nft({ id: 7, price: 987_654_000_000n })} listed={false} price={null} />));
    expect(screen.getByRole('article')).not.toHaveTextContent('USDT');
    expect(screen.getByText('View')).toBeInTheDocument();
  });

  describe('countdown', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('ticks every second, stops at zero and leaves no interval behind', async () => {
      render(wrap(<NftCard nft={nft({ id: 1, deadline: '2025-01-01T00:00:03Z' })} listed={false} />));
      expect(screen.getByText('0d 0h 0m 3s')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1000);
        await Promise.resolve();
      });
      expect(screen.getByText('0d 0h 0m 2s')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(2000);
        await Promise.resolve();
      });
      expect(screen.getByText('Ended')).toBeInTheDocument();
      expect(vi.getTimerCount()).toBe(0);
      await act(async () => {
        vi.advanceTimersByTime(5000);
        await Promise.resolve();
      });
      expect(screen.getByText('Ended')).toBeInTheDocument();
    });

    it('formats days and hours, and clears its interval on unmount', () => {
      const { unmount } = render(
        wrap(<NftCard nft={nft({ id: 1, deadline: '2025-01-02T03:04:05Z' })} listed={false} />),
      );
      expect(screen.getByText('1d 3h 4m 5s')).toBeInTheDocument();
      expect(vi.getTimerCount()).toBe(1);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('shows no countdown without a deadline', () => {
      render(wrap(<NftCard nft={nft({ id: 1 })} listed={false} />));
      expect(screen.queryByText(/Ends in/)).not.toBeInTheDocument();
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it('audio variant: play/pause controls the preview, bids, Place a bid and the author avatar', async () => {
    let playing = false;
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      playing = true;
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      playing = false;
      this.dispatchEvent(new Event('pause'));
    });
    const paused = vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => !playing);
    try {
      const user = userEvent.setup();
      const song = nft({
        id: 3,
        tokenName: 'Wave #1',
        audioUrl: 'https://ipfs.test/ipfs/wave.mp3',
        author: {
          id: 1,
          username: 'gaia',
          social: null,
          wallet: null,
          followers: 0,
          avatarUrl: 'https://x.test/a.png',
          bannerUrl: null,
        },
      });
      render(
        wrap(<NftCard nft={song} listed={false} price={12_345_600n} variant="audio" bids={{ count: 2, max: '15' }} />),
      );
      const button = screen.getByRole('button', { name: 'Play preview of Wave #1' });
      expect(button).toHaveAttribute('aria-pressed', 'false');
      await user.click(button);
      expect(play).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Pause preview of Wave #1' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(screen.getByRole('button', { name: 'Pause preview of Wave #1' }));
      expect(pause).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Play preview of Wave #1' })).toBeInTheDocument();

      expect(screen.getByText('Bids 2/15')).toBeInTheDocument();
      expect(screen.getByRole('article').querySelector('.nft-card-price')).toHaveTextContent(/^12\.346 USDT$/);
      expect(screen.getByRole('link', { name: 'Place a bid' })).toHaveAttribute('href', '/ItemDetail/3');
      expect(screen.getByRole('link', { name: 'Author gaia' })).toHaveAttribute('href', '/Author/1');
    } finally {
      play.mockRestore();
      pause.mockRestore();
      paused.mockRestore();
    }
  });
});

describe('NFT list', () => {
  const music = { id: 2, name: 'Music' };
  const items = [
    nft({
      id: 1,
      author: { id: 1, username: 'a', social: null, wallet: null, followers: 0, avatarUrl: null, bannerUrl: null },
    }),
    nft({ id: 2 }),
    nft({
      id: 3,
      author: { id: 1, username: 'a', social: null, wallet: null, followers: 0, avatarUrl: null, bannerUrl: null },
    }),
    nft({ id: 4, audioUrl: 'https://ipfs.test/a.mp3', collection: { category: music } as Nft['collection'] }),
  ];
  const names = () => screen.getAllByRole('link', { name: /^Open / }).map((link) => link.textContent);

  it('reveals more cards with Load more', async () => {
    const user = userEvent.setup();
    render(wrap(<NftList nfts={items} offerFor={() => ({ listed: false, price: null })} loadMore={{ pageSize: 3 }} />));
    expect(names()).toEqual(['Token #1', 'Token #2', 'Token #3']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(names()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by author, shuffles without losing cards, and picks the audio card for music', () => {
    const { unmount } = render(
      wrap(<NftList nfts={items} offerFor={() => ({ listed: false, price: null })} authorId={1} />),
    );
    expect(names()).toEqual(['Token #1', 'Token #3']);
    unmount();
    render(wrap(<NftList nfts={items} offerFor={(item) => ({ listed: item.id === 2, price: null })} shuffle />));
    expect([...names()].sort()).toEqual(['Token #1', 'Token #2', 'Token #3', 'Token #4']);
    expect(screen.getByRole('button', { name: 'Play preview of Token #4' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Open Token #2' }).closest('article')!).getByText('Buy'),
    ).toBeInTheDocument();
  });

  it('shows the empty text it is given', () => {
    render(wrap(<NftList nfts={[]} offerFor={() => ({ listed: false, price: null })} empty="items" />));
    expect(screen.getByText('No items to display')).toBeInTheDocument();
  });
});
