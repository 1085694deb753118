/**
 * No React warning on the first in-app navigation to an NFT or collection page (issue 40.6): the route starts its
 * reads while rendering, and the lead-image gate it closes must not update a component during that render. In a
 * file of its own: React prints each such warning once per module instance, so another test of the same file
 * could have used it up.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';
import { renderApp } from '../render';

beforeEach(() => server.use(emptyNode()));

describe('no React warnings on in-app navigation (issue 40.6)', () => {
  it.each(['/ItemDetail/1', '/colection/1'])(
    'going from /home to %s updates no component while another renders',
    async (path) => {
      const errors: string[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args.map(String).join(' '));
      });
      try {
        const { router } = renderApp('/home');
        expect(
          await screen.findByRole('heading', { level: 1, name: /collection terra mater/i }, { timeout: 5000 }),
        ).toBeInTheDocument();
        await act(() => router.navigate(path));
        // The new page is in: the route changed and the home page's heading has gone.
        await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 10_000 });
        await waitFor(() => expect(screen.queryByRole('heading', { name: /collection terra mater/i })).toBeNull(), {
          timeout: 10_000,
        });
        expect(
          errors.filter((text) => /Cannot update a component|while rendering a different component/.test(text)),
        ).toEqual([]);
      } finally {
        spy.mockRestore();
      }
    },
  );
});
