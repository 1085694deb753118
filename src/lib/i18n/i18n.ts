import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Languages in selector order: the selector's values are 0 (English) and 1 (Italiano), spec §2. */
export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

// One JSON file per feature namespace and language: src/locales/<lang>/<namespace>.json.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

export function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /locales\/([a-z]+)\/([a-z0-9-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

export function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

export function initI18n(language: Language = storedLanguage()) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  const syncDocument = (lng: string) => {
    document.documentElement.lang = lng;
  };
  syncDocument(instance.language);
  instance.on('languageChanged', (lng) => {
    syncDocument(lng);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  });
  return instance;
}
