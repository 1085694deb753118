import { waitFor } from '@testing-library/react';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS } from '@/app/first-reads';
import { startFirstRoute } from '@/app/router';
import { getConfig } from '@/config/env';
import { cmsReadUrl } from '@/lib/cms/query-string';
import { initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';

// The dashboard's chain figures start once their modules have loaded, after this test's checks; they are not what it
// is about, and they would still be asking the (stand-in) node when the next test begins.
const idle = (name: string) => () => queryOptions({ queryKey: ['idle', name], queryFn: () => null });
vi.mock('@/features/dashboard/api/get-staking-pools', () => ({ stakingPoolsQueryOptions: idle('pools') }));
vi.mock('@/features/dashboard/api/get-rewards-claimed', () => ({ rewardsClaimedQueryOptions: idle('rewards') }));
vi.mock('@/features/dashboard/api/get-latest-swap', () => ({ latestSwapQueryOptions: idle('swap') }));
vi.mock('@/features/dashboard/api/get-natura-figure', () => ({ naturaFigureQueryOptions: idle('figure') }));
vi.mock('@/features/dashboard/api/get-collection-contract-figures', () => ({
  collectionContractFiguresQueryOptions: idle('contracts'),
  isContractAddress: () => true,
}));

afterEach(() => server.events.removeAllListeners());

/**
 * The web server announces a route's first CMS reads with its document (Link: rel=preload,
 * scripts/delivery/nginx.ts from app/first-reads.ts). The browser hands a preloaded response only to a request for
 * the same URL: a hint that differs by one byte is a second download, and a read the route does not make is a wasted
 * one.
 */
describe("the reads the web server preloads with a route's document", () => {
  it('are reads the route starts, byte for byte, each asked once', async () => {
    server.use(emptyNode());
    const cmsUrl = getConfig().cmsUrl;
    const clients: QueryClient[] = [];
    for (const { path, reads } of FIRST_READS) {
      const urls: string[] = [];
      server.events.on('request:start', ({ request }) => void urls.push(request.url));
      // Every route parameter is an id; 2 names a collection and an NFT of the test CMS.
      const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const expected = reads(Object.fromEntries(names.map((name) => [name, '2']))).map((read) =>
        cmsReadUrl(cmsUrl, read),
      );
      expect(expected.length, path).toBeGreaterThan(0);
      const queryClient = createQueryClient();
      clients.push(queryClient);
      void startFirstRoute(path.replace(/:\w+/g, '2'), queryClient, initI18n('en'), null);
      await waitFor(() => expect(urls).toEqual(expect.arrayContaining(expected)));
      for (const url of expected)
        expect(
          urls.filter((sent) => sent === url),
          `${path}: ${url}`,
        ).toHaveLength(1);
      server.events.removeAllListeners();
    }
    await waitFor(() => expect(clients.map((client) => client.isFetching())).toEqual(clients.map(() => 0)));
  });

  it('a malformed id has none (the web server does not match it either)', () => {
    const collection = FIRST_READS.find(({ path }) => path === '/colection/:collectionId')!;
    const detail = FIRST_READS.find(({ path }) => path === '/ItemDetail/:nftId')!;
    for (const id of ['01', 'abc', '-3', '1.5', undefined]) {
      expect(collection.reads({ collectionId: id })).toEqual([]);
      expect(detail.reads({ nftId: id })).toEqual([]);
    }
    expect(collection.reads({ collectionId: '7' })).not.toEqual([]);
  });
});
