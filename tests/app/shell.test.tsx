import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyNode } from '../msw/empty-node';
import { server } from '../msw/server';
import { renderApp } from '../render';

// Some pages on the way read the chain; these tests are about the app around them.
beforeEach(() => server.use(emptyNode()));

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

describe('language selector', () => {
  it('offers English (0) and Italiano (1), switches the visible text and persists', async () => {
    const first = renderApp('/about');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'English' })).toHaveValue('0');
    expect(screen.getByRole('option', { name: 'Italiano' })).toHaveValue('1');

    await first.user.selectOptions(select, '1');
    expect(await screen.findByRole('link', { name: 'Collezioni' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chi siamo' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('it');
    expect(localStorage.getItem('language')).toBe('it');
    first.unmount();

    // A reload starts in the stored language.
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Collezioni' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toHaveValue('1');
  });
});

describe('scroll control', () => {
  it('appears only past 600 px and scrolls smoothly to the top', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    scrollWindowTo(600);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollWindowTo(601);
    const button = await screen.findByRole('button', { name: 'Scroll to top' });
    fireEvent.click(button);
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    scrollWindowTo(10);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument());
  });

  it('scrolls to the top on every route change', async () => {
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    (window.scrollTo as unknown as { mockClear: () => void }).mockClear();
    await act(() => router.navigate('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' }));
  });

  it('names the tab after the page and moves the focus into the new page, not on the first load', async () => {
    const { router, user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await waitFor(() => expect(document.title).toBe('About · Terra Mater'));
    expect(screen.getByRole('main')).not.toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(document.title).toBe('Dashboard · Terra Mater'));
    expect(screen.getByRole('main')).toHaveFocus();

    await act(() => router.navigate('/home'));
    await waitFor(() => expect(document.title).toBe('Terra Mater'));
  });
});
