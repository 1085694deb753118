import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_NAMESPACES, i18nReady, initI18n } from '@/lib/i18n/i18n';

// The first page's English ships with the app; every other English namespace is fetched on first
// use; Italian is one chunk, fetched when needed.
describe('translation loading', () => {
  it('has the first page in English at once, without waiting, and nothing else', () => {
    const i18n = initI18n('en');
    expect(FIRST_LOAD_NAMESPACES.sort()).toEqual(['common', 'home']);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.t('nav.collections')).toBe('Collections');
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(false);
    expect(i18n.hasResourceBundle('it', 'common')).toBe(false);
  });

  it('fetches the other English namespaces together when a screen first asks for one', async () => {
    const i18n = initI18n('en');
    await i18n.loadNamespaces('dashboard');
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(true);
    // The rest came with it, so a screen whose parts use several namespaces suspends only once.
    expect(i18n.hasLoadedNamespace('tx')).toBe(true);
    expect(i18n.getFixedT('en', 'tx')('waiting')).toBe('Waiting for Transaction...');
  });

  it('fetches Italian when it is the starting language, every namespace at once', async () => {
    const i18n = initI18n('it');
    await i18nReady(i18n);
    expect(i18n.t('nav.collections')).toBe('Collezioni');
    for (const namespace of FIRST_LOAD_NAMESPACES) {
      expect(i18n.hasResourceBundle('it', namespace), namespace).toBe(true);
    }
    expect(i18n.hasResourceBundle('it', 'dashboard')).toBe(true);
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
