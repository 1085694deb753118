import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCmsClient } from '@/lib/cms/client';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';

describe('expired session', () => {
  // A write: only the calls deployed-system.md §B5 marks A carry the JWT (lib/cms/http.ts `sendsBearer`).
  it('a 401 to a request carrying the JWT clears the session and asks to sign in again on the same page', async () => {
    storeSession();
    let authorization: string | null = null;
    server.use(
      http.put('http://cms.test/api/probe', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ error: { status: 401, message: 'Invalid token' } }, { status: 401 });
      }),
    );
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });

    await act(async () => {
      await expect(getCmsClient().put('/api/probe', {})).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    });

    expect(authorization).toBe('Bearer test-jwt');
    expect(localStorage.getItem('jwtToken')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(await screen.findByText(/Your session has expired/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // A public page stays where it is; only the stored session is gone.
    expect(router.state.location.pathname).toBe('/about');
  });

  it('on a protected page the expiry leads to /login, which returns to the page after signing in', async () => {
    storeSession();
    server.use(
      http.put('http://cms.test/api/probe', () => HttpResponse.json({}, { status: 401 })),
      // The profile asks the chain what the wallet holds: a wallet that holds nothing.
      emptyNode(),
    );
    const { router } = renderApp('/Profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await act(async () => {
      await getCmsClient()
        .put('/api/probe', {})
        .catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/Profile');
    storeSession();
    window.dispatchEvent(new Event('terra-mater:session'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Profile'));
  });

  it('a request without a session sends no Authorization header at all', async () => {
    let sawHeader: boolean | null = null;
    server.use(
      http.put('http://cms.test/api/probe', ({ request }) => {
        sawHeader = request.headers.has('Authorization');
        return HttpResponse.json({ data: [] });
      }),
    );
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await getCmsClient().put('/api/probe', {});
    await waitFor(() => expect(sawHeader).toBe(false));
  });
});
