/**
 * deployed-system.md §C9.6 through the screens and the list reads: only the operator's row of a trusted contract (collection 1,
 * VITE_VERIFIED_COLLECTIONS of .env.test) is verified; rows copying its contract or imitating its name are labelled
 * and left out of New Release, the first places of Explore and the dashboard table.
 */
import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getExploreCollections } from '@/features/collections/api/get-explore-collections';
import { getFeaturedCollections } from '@/features/collections/api/get-featured-collections';
import { getHeroCollection } from '@/features/collections/api/get-hero-collection';
import { getDashboardCollections } from '@/features/dashboard/api/get-dashboard-collections';
import { getConfig } from '@/config/env';
import { getCmsClient } from '@/lib/cms/client';
import { cmsDb } from '../msw/cms-handlers';
import { buildCollection } from '../msw/factories';
import { renderApp } from '../render';
import { chainNode } from './nft-chain-node';

configure({ asyncUtilTimeout: 8000 });

const GENESIS = '0x3000000000000000000000000000000000000001';
const HOMOGLYPH = 'T\u0435rr\u0430 G\u0435n\u0435sis';

beforeEach(() => {
  const copy = { status: 'Active', feature: true, category: 1, publishedAt: '2024-03-01T10:00:00.000Z' } as const;
  cmsDb.insert(
    'collections',
    // The homoglyph name claiming the verified contract, in lower case.
    buildCollection({ id: 20, name: HOMOGLYPH, contract_address: GENESIS.toLowerCase(), ...copy }),
    // The exact-name clone with the genuine banner and logo.
    buildCollection({ id: 21, name: 'Terra Genesis', contract_address: GENESIS, banner: 1, feature_img: 2, ...copy }),
    // Another name on the verified contract.
    buildCollection({ id: 22, name: 'Genesis Reborn', contract_address: GENESIS, ...copy }),
    // Nothing to do with Terra Genesis: stays everywhere, Unverified.
    buildCollection({ id: 23, name: 'Sky \u202EHarbour\u202C\u200B', contract_address: null, ...copy }),
  );
});

const ids = (collections: { id: number }[]) => collections.map((collection) => collection.id);

describe('copies and imitations of a verified collection', () => {
  it('are left out of New Release and the dashboard table, and come after every other collection in Explore', async () => {
    expect(ids(await getFeaturedCollections())).toEqual([1, 23]);
    expect(ids(await getDashboardCollections())).toEqual([1, 23]);
    const explore = ids(await getExploreCollections(null));
    expect(explore.slice(0, 3)).toEqual([1, 2, 23]);
    expect(explore.slice(3).sort()).toEqual([20, 21, 22]);
  });

  it('show no tick on their pages: "Imitation of Terra Genesis" for the look-alikes, a copy note for the other', async () => {
    chainNode();
    const { unmount } = renderApp('/colection/20');
    expect(await screen.findByRole('heading', { level: 1, name: HOMOGLYPH })).toBeInTheDocument();
    expect(await screen.findByText('Imitation of Terra Genesis: not the verified collection')).toBeInTheDocument();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified collection' })).not.toBeInTheDocument();
    unmount();

    const clone = renderApp('/colection/21');
    expect(await screen.findByText('Imitation of Terra Genesis: not the verified collection')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified collection' })).not.toBeInTheDocument();
    clone.unmount();

    const other = renderApp('/colection/22');
    expect(await screen.findByText('Copies the verified collection Terra Genesis')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified collection' })).not.toBeInTheDocument();
    other.unmount();

    renderApp('/colection/1');
    expect(await screen.findByRole('img', { name: 'Verified collection' })).toBeInTheDocument();
    expect(screen.queryByText(/Imitation of|Copies the verified/)).not.toBeInTheDocument();
  });

  it('the home page shows the genuine one in New Release, and a name without its hidden characters', async () => {
    renderApp('/home');
    const newRelease = (await screen.findByRole('heading', { level: 2, name: 'New Release' })).closest('section')!;
    const genuine = await within(newRelease).findByRole('link', { name: /^Terra Genesis ?Verified collection$/ });
    expect(genuine).toHaveAttribute('href', '/colection/1');
    const sky = await within(newRelease).findByRole('link', { name: /^Sky Harbour ?Unverified$/ });
    expect(sky.textContent).toBe('Sky HarbourUnverified');
    for (const id of [20, 21, 22])
      expect(newRelease.querySelector(`a[href="/colection/${id}"]`), `collection ${id}`).toBeNull();
  });

  // An active row anyone can make, newer than every other row here.
  const harbourLights = () =>
    buildCollection({
      id: 30,
      name: 'Harbour Lights',
      contract_address: null,
      status: 'Active',
      publishedAt: '2030-01-01T00:00:00.000Z',
      createdAt: '2030-01-01T00:00:00.000Z',
    });

  it('never lend the home hero their name: only the newest verified row is shown, newer rows are passed over', async () => {
    cmsDb.insert(
      'collections',
      harbourLights(),
      buildCollection({
        id: 31,
        name: 'Terra Genesis',
        contract_address: GENESIS,
        status: 'Active',
        publishedAt: '2031-01-01T00:00:00.000Z',
        createdAt: '2031-01-01T00:00:00.000Z',
      }),
    );
    // The copy (31), the unverified row (30), this file's rows 20–23 and Ocean Sounds are all newer than the
    // operator's row (1): the hero reads the verified rows only, so no number of newer rows pushes it out.
    expect((await getHeroCollection())?.id).toBe(1);
  });

  it('with no verified row configured, every row is unverified alike and the newest lends the hero', async () => {
    cmsDb.insert('collections', harbourLights());
    const config = { ...getConfig(), verifiedCollections: [] };
    expect((await getHeroCollection(getCmsClient(), config))?.id).toBe(30);
  });
});
