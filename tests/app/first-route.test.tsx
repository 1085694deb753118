import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { AppRoutes, startFirstRoute } from '@/app/router';
import { initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';

afterEach(() => server.events.removeAllListeners());

function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(`${new URL(request.url).pathname}${new URL(request.url).search}`);
  });
  return paths;
}

/** main.tsx starts the first route before React renders anything (RoutePage would, after the layout). */
describe('the first route starts with the app', () => {
  it("a collection page's reads and translations leave before anything is rendered", async () => {
    server.use(emptyNode());
    const requests = recordRequests();
    const queryClient = createQueryClient();
    const i18n = initI18n('en');
    void startFirstRoute('/colection/1', queryClient, i18n, null);
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining(['/api/collections/get_collection?id=1', '/api/nft-statuses?pagination[pageSize]=100']),
      ),
    );
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'collection')).toBe(true));
    expect(document.body).toBeEmptyDOMElement();
  });

  it('a page for signed-in users, a malformed id and an unknown path start nothing', async () => {
    const requests = recordRequests();
    const queryClient = createQueryClient();
    const i18n = initI18n('en');
    for (const path of ['/Profile', '/colection/abc', '/nowhere']) void startFirstRoute(path, queryClient, i18n, null);
    // A route that does start something, as a marker that the others had their chance to.
    void startFirstRoute('/explore', queryClient, i18n, null);
    await waitFor(() => expect(requests.some((path) => path.startsWith('/api/categories'))).toBe(true));
    expect(
      requests.filter((path) => !path.startsWith('/api/categories') && !path.startsWith('/api/collections')),
    ).toEqual([]);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey[0]),
    ).not.toContain('nft');
  });

  it('resolves once the page can render without suspending: the first render shows the page, not the route skeleton', async () => {
    const queryClient = createQueryClient();
    const i18n = initI18n('en');
    await startFirstRoute('/about', queryClient, i18n, null);
    expect(i18n.hasResourceBundle('en', 'about')).toBe(true);
    render(
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <MemoryRouter initialEntries={['/about']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    // Synchronously after the first render: a page that suspended would show the route's "Loading…" skeleton here,
    // and React would then hold the page back for its reveal throttle.
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
