import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const DOCS = 'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/';

describe('about', () => {
  it('shows the benefits, the comparison and the closing paragraphs with their documentation links', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    const benefits = screen.getByRole('heading', { level: 2, name: 'NFT Terra Mater Benefits' }).closest('section')!;
    expect(
      within(benefits)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stake & Earn', 'Pass to PLETHORA', 'Fees Distribution', 'Governance', 'Treasury Bonus']);
    const comparison = screen.getByRole('table');
    expect(
      within(comparison)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Aspect', 'Opensea', 'Terra Mater']);
    expect(within(comparison).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2, name: 'Opensea vs Terra Mater' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Find out more' }).map((link) => link.getAttribute('href'))).toEqual([
      `${DOCS}nfts-projects/nfts-adoption`,
      `${DOCS}nfts-projects/nfts-collection-terramater/terramater-platform`,
      `${DOCS}nfts-projects/nfts-collection-terramater/characteristics-and-functionality`,
    ]);
  });

  it('is translated into Italian', async () => {
    renderApp('/about', { language: 'it' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chi siamo' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Scopri di più' })).toHaveLength(3);
  });
});
