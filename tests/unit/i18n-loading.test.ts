import { describe, expect, it } from 'vitest';
import { i18nReady, initI18n } from '@/lib/i18n/i18n';

// English ships with the app; Italian is its own chunk, fetched when needed.
describe('translation loading', () => {
  it('has English at once, without waiting', () => {
    const i18n = initI18n('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.t('nav.collections')).toBe('Collections');
    expect(i18n.hasResourceBundle('it', 'common')).toBe(false);
  });

  it('fetches Italian when it is the starting language, every namespace at once', async () => {
    const i18n = initI18n('it');
    await i18nReady(i18n);
    expect(i18n.t('nav.collections')).toBe('Collezioni');
    for (const namespace of Object.keys(i18n.getDataByLanguage('en') ?? {})) {
      expect(i18n.hasResourceBundle('it', namespace), namespace).toBe(true);
    }
    expect(document.documentElement.lang).toBe('it');
  });

  it('switches language only once the translation is there', async () => {
    const i18n = initI18n('en');
    await i18nReady(i18n);
    const switched = i18n.changeLanguage('it');
    // Until the chunk is in, the visible language stays English rather than showing raw keys.
    expect(i18n.t('nav.collections')).toBe('Collections');
    await switched;
    expect(i18n.language).toBe('it');
    expect(i18n.t('nav.collections')).toBe('Collezioni');
    expect(localStorage.getItem('language')).toBe('it');
  });
});
