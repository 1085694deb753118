import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppImage } from '@/components/app-image';

/** Issue 26 §4: the one image component's sizing and priority. */
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
