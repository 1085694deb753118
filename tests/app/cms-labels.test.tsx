/**
 * Labels the CMS returns in English (NFT statuses, category names) are shown in the active
 * language when the app knows them (deployed-system.md §U); an unknown one is shown as the CMS wrote it.
 */
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cmsDb } from '../msw/cms-handlers';
import { buildCategory } from '../msw/factories';
import { renderApp } from '../render';
import { chainNode } from './nft-chain-node';

configure({ asyncUtilTimeout: 8000 });

describe('CMS labels in the active language', () => {
  it('names the Mint / Buy Now / Sold filters in Italian', async () => {
    chainNode();
    renderApp('/colection/1', { language: 'it' });
    const filter = (await screen.findByText('Mint', { selector: 'label' })).closest('fieldset')!;
    expect(
      within(filter)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.labels?.[0]?.textContent),
    ).toEqual(['Mint', 'Compra ora', 'Venduto']);
  });

  it('names known categories in Italian and keeps an unknown one as the CMS wrote it', async () => {
    cmsDb.insert('categories', buildCategory({ id: 9, category: 'Photography' }));
    renderApp('/explore', { language: 'it' });
    await screen.findAllByRole('tab');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(expect.arrayContaining(['Arte', 'Musica', 'Photography']));
    expect(tabs).not.toContain('Art');
  });

  it('keeps the English labels in English', async () => {
    chainNode();
    renderApp('/colection/1');
    const filter = (await screen.findByText('Buy Now', { selector: 'label' })).closest('fieldset')!;
    expect(within(filter).getByLabelText('Sold')).toBeInTheDocument();
  });
});
