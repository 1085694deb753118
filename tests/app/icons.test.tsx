import { configure, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FA_ICONS } from '@/features/content/components/icon-catalogue';
import { renderApp } from '../render';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

describe('icon catalogue', () => {
  it('is the alphabetical slice caret-square-o-left … photo of the shipped font, with codes matching its CSS', () => {
    const names = FA_ICONS.map((icon) => icon.name);
    expect(names[0]).toBe('caret-square-o-left');
    expect(names.at(-1)).toBe('photo');
    expect(names).toContain('phone');
    expect([...names].sort()).toEqual(names);
    const css = readFileSync(join(process.cwd(), 'node_modules/font-awesome/css/font-awesome.css'), 'utf8');
    for (const icon of FA_ICONS) {
      const rule = new RegExp(`\\.fa-${icon.name}:before[^{]*\\{\\s*content: "\\\\${icon.code}"`);
      expect(css, icon.name).toMatch(rule);
      expect(icon.version).toMatch(/^4\.[0-7]$/);
    }
    // Names sharing a code: the canonical one is not an alias, the others are.
    const byName = new Map(FA_ICONS.map((icon) => [icon.name, icon]));
    expect(byName.get('photo')?.alias).toBe(true);
    expect(byName.get('image')?.alias).toBe(true);
    expect(byName.get('cog')?.alias).toBe(false);
    expect(byName.get('gear')?.alias).toBe(true);
    // Versions follow the code points: 4.7 glyphs exist, 4.0 is the floor.
    expect(byName.get('envelope-open')?.version).toBe('4.7');
    expect(byName.get('heart')?.version).toBe('4.0');
  });

  it('shows each icon with class, alias marker, version and code, and copies the class name', async () => {
    const { user } = renderApp('/fontAwesomeIcons');
    // user-event installs its own clipboard when it is set up (inside renderApp).
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await screen.findByRole('heading', { level: 1, name: 'Icons' })).toBeInTheDocument();
    const entries = screen.getAllByRole('button', { name: /^fa fa-/ });
    expect(entries).toHaveLength(FA_ICONS.length);
    const photo = screen.getByTitle('Copy to use photo');
    expect(photo).toHaveTextContent('fa fa-photo');
    expect(within(photo).getByText('(alias)')).toBeInTheDocument();
    expect(within(photo).getByText('f03e')).toBeInTheDocument();
    expect(within(photo).getByText(/^Since 4\.\d$/)).toBeInTheDocument();
    expect(photo.closest('li')).toHaveClass('col-lg-4', 'col-md-6');
    expect(within(screen.getByTitle('Copy to use phone')).queryByText('(alias)')).not.toBeInTheDocument();

    await user.click(photo);
    expect(writeText).toHaveBeenCalledWith('fa fa-photo');
    expect(await navigator.clipboard.readText()).toBe('fa fa-photo');
    await waitFor(() => expect(screen.getByText('Copied “fa fa-photo” to the clipboard.')).toBeInTheDocument());
  });

  it('tells the user when copying is not allowed', async () => {
    const { user } = renderApp('/fontAwesomeIcons');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByTitle('Copy to use phone'));
    expect(await screen.findByText(/Copying is not allowed here/)).toBeInTheDocument();
  });
});
