import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '@/lib/i18n/namespaces';

/**
 * The English namespaces of the first page (the shell and home), bundled with the app. Every
 * other English namespace is its own small chunk, loaded when a screen first asks for it (see
 * i18n.ts), so a feature's texts never weigh on the first load.
 */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>(['/src/locales/en/common.json', '/src/locales/en/home.json'], {
    eager: true,
    import: 'default',
  }),
) satisfies ResourceLanguage;
