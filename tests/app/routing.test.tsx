import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';

// Some pages on the way read the chain; these tests are about the app around them.
beforeEach(() => server.use(emptyNode()));

const titledRoutes: [string, string | RegExp][] = [
  ['/', /collection terra mater/i],
  ['/home', /collection terra mater/i],
  ['/explore', 'Explore, collect, and sell NFTs'],
  ['/colection/1', 'Terra Genesis'],
  ['/ItemDetail/1', 'Genesis #1'],
  ['/nft-staking', 'Stake and Earn'],
  ['/swapping', 'Swap your tokens'],
  ['/work', 'WORK WITH US'],
  ['/contactus', 'CONTACT US'],
  ['/haveproject', 'DO YOU HAVE A PROJECT? TELL US!'],
  ['/about', 'About'],
  ['/dashboard', 'Dashboard'],
  ['/fontAwesomeIcons', 'Icons'],
  ['/login', 'Sign in'],
];

describe('route table', () => {
  it.each(titledRoutes)('%s renders its title', async (path, title) => {
    renderApp(path);
    // Pages now load their data (and the icon page a large list): allow more than the default 1 s.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('renders the protected pages when a login token is stored', async () => {
    storeSession();
    renderApp('/Profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('redirects an unknown path to /home', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { level: 1, name: /collection terra mater/i })).toBeInTheDocument();
  });

  it.each(['/ItemDetail/abc', '/colection/1.5', '/ItemDetail/-3', '/colection/0'])(
    '%s shows a not-found state',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    },
  );

  it.each(['/Profile', '/Author/4'])('%s without a token goes to /login carrying the origin', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const state = router.state.location.state as { from: { pathname: string } };
    expect(state.from.pathname).toBe(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('returns to the origin once a session exists', async () => {
    const { router } = renderApp('/Author/4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The wallet sign-in stores the session and announces it; the login page then goes back.
    storeSession();
    window.dispatchEvent(new Event('terra-mater:session'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Author/4'));
  });
});

describe('navigation bar', () => {
  it('links the five sections and highlights the active one', async () => {
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('banner')).toContainElement(nav);
    const expected = [
      ['Collections', '/explore'],
      ['About', '/about'],
      ['Dashboard', '/dashboard'],
      ['NFT Staking', '/nft-staking'],
      ['Swapping', '/swapping'],
    ] as const;
    for (const [label, href] of expected) {
      const link = screen.getByRole('link', { name: label });
      expect(nav).toContainElement(link);
      expect(link).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'About' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Terra Mater home' })).toHaveAttribute('href', '/');
  });

  it('shows the 2022 copyright line', async () => {
    renderApp('/about');
    expect(await screen.findByText('© Copyright 2022, Terra Mater')).toBeInTheDocument();
  });
});
