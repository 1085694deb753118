import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppImage, leadImage, preloadImage, WAITING_IMAGE, type ImageSources } from '@/components/app-image';

/** The one image component's sizing and priority. */
describe('AppImage sizes and priority', () => {
  const srcSet = 'https://cms.test/small_a.png 500w, https://cms.test/a.png 1200w';

  it("a route's LCP image is high priority and never lazy; any other image is lazy", () => {
    render(
      <>
        <AppImage src="https://cms.test/a.png" alt="hero" priority loading="lazy" />
        <AppImage src="https://cms.test/b.png" alt="card" />
      </>,
    );
    const hero = screen.getByRole('img', { name: 'hero' });
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('loading', 'eager');
    const card = screen.getByRole('img', { name: 'card' });
    expect(card).toHaveAttribute('loading', 'lazy');
    expect(card).not.toHaveAttribute('fetchpriority');
  });

  it("Strapi's sizes go out as srcset/sizes with the original as src; the placeholder after a failure drops them", () => {
    render(<AppImage src="https://cms.test/a.png" srcSet={srcSet} sizes="100vw" alt="banner" />);
    const image = screen.getByRole('img', { name: 'banner' });
    expect(image).toHaveAttribute('src', 'https://cms.test/a.png');
    expect(image).toHaveAttribute('srcset', srcSet);
    expect(image).toHaveAttribute('sizes', '100vw');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/img/placeholder.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });
});

/** A route preloads its LCP image once the CMS answer names it (app/routes.ts). */
describe('preloadImage', () => {
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];

  it('asks for the image at high priority with the srcset and sizes the page will show, once', () => {
    const sources = {
      src: 'https://cms.test/hero.png',
      srcSet: 'https://cms.test/small_hero.png 500w, https://cms.test/hero.png 1200w',
      sizes: '100vw',
    };
    void preloadImage(sources);
    void preloadImage(sources);
    const links = preloads().filter((link) => link.getAttribute('href') === 'https://cms.test/hero.png');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('fetchpriority', 'high');
    expect(links[0]).toHaveAttribute('imagesrcset', sources.srcSet);
    expect(links[0]).toHaveAttribute('imagesizes', '100vw');
  });

  it('refuses what AppImage refuses: no link for an unsafe source, no srcset when a candidate is unsafe', () => {
    const before = preloads().length;
    void preloadImage({ src: 'javascript:alert(1)' });
    void preloadImage({ src: null });
    expect(preloads()).toHaveLength(before);
    void preloadImage({ src: 'https://cms.test/b.png', srcSet: 'javascript:alert(1) 500w', sizes: '22rem' });
    const link = preloads().find((item) => item.getAttribute('href') === 'https://cms.test/b.png');
    expect(link).toBeDefined();
    expect(link).not.toHaveAttribute('imagesrcset');
    expect(link).not.toHaveAttribute('imagesizes');
  });
});

/** The route's lead image goes first; the page's other images wait until it has been painted. */
describe('leadImage', () => {
  function renderPair(leadSrc = 'https://cms.test/lead.png') {
    render(
      <>
        <AppImage src={leadSrc} alt="lead" priority />
        <AppImage src="https://cms.test/thumb.png" alt="thumb" />
      </>,
    );
    return { lead: screen.getByRole('img', { name: 'lead' }), thumb: screen.getByRole('img', { name: 'thumb' }) };
  }

  /** The test setup's jsdom reports every preload as failed at once; these are held back until the test says so. */
  function holdPreloads() {
    const append = document.head.append.bind(document.head);
    const links: HTMLLinkElement[] = [];
    document.head.append = (...nodes) => {
      for (const node of nodes) if (node instanceof HTMLLinkElement) links.push(node);
    };
    return { links, restore: () => (document.head.append = append) };
  }

  it('while the read that names the lead image is out, other images show a transparent pixel; they get their source once it settles', async () => {
    const { lead, thumb } = renderPair();
    let answer!: (sources: ImageSources | null) => void;
    await act(() => Promise.resolve(leadImage(new Promise((resolve) => (answer = resolve)))));
    expect(thumb).toHaveAttribute('src', WAITING_IMAGE);
    expect(lead).toHaveAttribute('src', 'https://cms.test/lead.png');
    // The read names no image (or fails): nothing to wait for.
    act(() => answer(null));
    await waitFor(() => expect(thumb).toHaveAttribute('src', 'https://cms.test/thumb.png'));
  });

  it('waits for the preloaded image itself, not only for the read', async () => {
    // The page already shows the lead image (the test setup reports a priority image as loaded once it is added).
    const { thumb } = renderPair('https://cms.test/held.png');
    const held = holdPreloads();
    try {
      await act(() => Promise.resolve(leadImage(Promise.resolve({ src: 'https://cms.test/held.png' }))));
      await waitFor(() => expect(held.links).toHaveLength(1));
      expect(thumb).toHaveAttribute('src', WAITING_IMAGE);
      act(() => {
        held.links[0]!.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expect(thumb).toHaveAttribute('src', 'https://cms.test/thumb.png'));
    } finally {
      held.restore();
    }
  });

  it('waits for the page to show the lead image, not only for its preload', async () => {
    render(<AppImage src="https://cms.test/thumb.png" alt="thumb" />);
    const thumb = screen.getByRole('img', { name: 'thumb' });
    const held = holdPreloads();
    try {
      await act(() => Promise.resolve(leadImage(Promise.resolve({ src: 'https://cms.test/late.png' }))));
      await waitFor(() => expect(held.links).toHaveLength(1));
      act(() => {
        held.links[0]!.dispatchEvent(new Event('load'));
      });
      // The preload is in, but the page that shows it has not rendered yet: the other images keep waiting.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(thumb).toHaveAttribute('src', WAITING_IMAGE);
      render(<AppImage src="https://cms.test/late.png" alt="lead" priority />);
      await waitFor(() => expect(thumb).toHaveAttribute('src', 'https://cms.test/thumb.png'));
    } finally {
      held.restore();
    }
  });
});
