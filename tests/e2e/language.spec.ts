import { appUrl, expect, test } from './fixtures.ts';

/**
 * English ships with the app, Italian is fetched as its own chunk: choosing Italiano, and
 * reloading with it stored, must show Italian throughout — never raw keys, never a mixed page.
 */
test.describe('language', () => {
  test('Italiano switches the page, and a reload starts in Italian', async ({ page }) => {
    const localeChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/it-[\w-]+\.js$/.test(new URL(request.url()).pathname)) localeChunks.push(request.url());
    });

    await page.goto(appUrl('/about'));
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Collections' })).toBeVisible();
    expect(localeChunks).toHaveLength(0);

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Italiano' });
    await expect(header.getByRole('link', { name: 'Collezioni' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Chi siamo' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    expect(localeChunks).toHaveLength(1);

    // The first paint after a reload is already Italian (main.tsx waits for the chunk): record
    // whether the English nav label ever enters the page while it loads.
    await page.addInitScript(() => {
      const flags = window as unknown as { sawEnglish?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('header a[href="/explore"]')?.textContent === 'Collections') flags.sawEnglish = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(header.getByRole('link', { name: 'Collezioni' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Lingua' })).toHaveValue('1');
    await expect(page.getByRole('heading', { level: 1, name: 'Chi siamo' })).toBeVisible();
    await expect(page.getByText('nav.collections')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sawEnglish?: boolean }).sawEnglish)).toBeUndefined();
  });
});
