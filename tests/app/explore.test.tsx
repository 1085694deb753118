import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cmsDb } from '../msw/cms-handlers';
import { buildCategory } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp } from '../render';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

describe('explore', () => {
  it('lists active collections under All and per category tab', async () => {
    const { user } = renderApp('/explore');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Explore, collect, and sell NFTs' }),
    ).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Art', 'Music']);
    const all = screen.getByRole('tabpanel');
    expect(await within(all).findByRole('link', { name: /^Terra Genesis/ })).toHaveAttribute('href', '/colection/1');
    expect(within(all).getByRole('link', { name: /^Ocean Sounds/ })).toHaveAttribute('href', '/colection/2');
    // Inactive collections are not explorable.
    expect(within(all).queryByRole('link', { name: /^Forest Spirits/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Music' }));
    const music = screen.getByRole('tabpanel', { name: 'Music' });
    expect(await within(music).findByRole('link', { name: /^Ocean Sounds/ })).toBeInTheDocument();
    expect(within(music).queryByRole('link', { name: /^Terra Genesis/ })).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderApp('/explore');
    const all = await screen.findByRole('tab', { name: 'All' });
    await screen.findByRole('tab', { name: 'Art' });
    all.focus();
    await user.keyboard('{ArrowRight}');
    const art = screen.getByRole('tab', { name: 'Art' });
    expect(art).toHaveFocus();
    expect(art).toHaveAttribute('aria-selected', 'true');
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Art' })).findByRole('link', { name: /^Terra Genesis/ }),
    ).toBeInTheDocument();
  });

  it('says "No items to display" for a category without active collections', async () => {
    cmsDb.insert('categories', buildCategory({ id: 9, category: 'Photography' }));
    const { user } = renderApp('/explore');
    await user.click(await screen.findByRole('tab', { name: 'Photography' }));
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Photography' })).findByText('No items to display'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the categories cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('http://cms.test/api/categories', () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
    );
    const { user } = renderApp('/explore');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this data');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Art' })).toBeInTheDocument();
  });
});
