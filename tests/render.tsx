import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { initI18n, type Language } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';

export interface RenderAppOptions {
  /** Language to start in; default: what is stored, else English. */
  language?: Language;
}

/** Mounts the whole app (every provider, the real route table) at a route, as a user would land on it. */
export function renderApp(route: InitialEntry = '/home', options: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const i18n = initI18n(options.language);
  const user = userEvent.setup();
  const result: RenderResult = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, i18n, user };
}

/** Stores a signed-in session the way the wallet sign-in does. */
export function storeSession(address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', id = 7) {
  localStorage.setItem('jwtToken', 'test-jwt');
  localStorage.setItem('userInfo', JSON.stringify({ id, address }));
}
