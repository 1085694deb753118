import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '@/lib/i18n/bundles/en';
import { getItem, setItem } from '@/lib/session/browser-storage';

/** Languages in selector order: the selector's values are 0 (English) and 1 (Italiano), deployed-system.md §P2.2. */
export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_STORAGE_KEY = 'language';

// One JSON file per feature namespace and language: src/locales/<lang>/<namespace>.json.
// - English, the fallback and what most visitors start in: the first page's namespaces (common,
//   home) are bundled with the app (bundles/en.ts); all the others are one chunk
//   (bundles/en-screens.ts), fetched when a screen first uses one of them (useTranslation suspends
//   inside the route's Suspense until it is there).
// - Every other language is one chunk (bundles/<lang>.ts), fetched when it is chosen or when it is
//   the stored choice at start (main.tsx waits for it before the first render).
// A chunk's arrival adds ALL its namespaces at once: a screen whose parts use several namespaces
// suspends once, not once per part (which would flash the page back to its skeleton).
const bundleLoaders = import.meta.glob<ResourceLanguage>(['./bundles/*.ts', '!./bundles/en.ts'], {
  import: 'default',
});

/** The English namespaces bundled with the app; the rest load on first use. */
export const FIRST_LOAD_NAMESPACES = Object.keys(english);

// The module loader keeps a downloaded chunk, so every read of a language shares one request.
function loadBundle(language: string): Promise<ResourceLanguage> {
  const bundle = language === 'en' ? './bundles/en-screens.ts' : `./bundles/${language}.ts`;
  return bundleLoaders[bundle]?.() ?? Promise.resolve({});
}

function bundleBackend(instance: I18n): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language, namespace, callback) {
      loadBundle(language).then(
        (bundle) => {
          for (const [other, resources] of Object.entries(bundle)) {
            if (other !== namespace && !instance.hasResourceBundle(language, other)) {
              instance.addResourceBundle(language, other, resources);
            }
          }
          callback(null, bundle[namespace] ?? {});
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

const readiness = new WeakMap<I18n, Promise<unknown>>();

/** Resolves once the instance's language is loaded (at once for English). Never rejects. */
export function i18nReady(instance: I18n): Promise<void> {
  return (readiness.get(instance) ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

function storedLanguage(): Language {
  const stored = typeof window === 'undefined' ? null : getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

export function initI18n(language: Language = storedLanguage()) {
  const instance = i18next.createInstance();
  const ready = instance
    .use(initReactI18next)
    .use(bundleBackend(instance))
    .init({
      resources: { en: english },
      partialBundledLanguages: true,
      ns: FIRST_LOAD_NAMESPACES,
      lng: language,
      fallbackLng: 'en',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  readiness.set(instance, ready);
  const syncDocument = (lng: string) => {
    document.documentElement.lang = lng;
  };
  syncDocument(instance.language);
  instance.on('languageChanged', (lng) => {
    syncDocument(lng);
    setItem(LANGUAGE_STORAGE_KEY, lng);
  });
  return instance;
}
