import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '@/lib/i18n/namespaces';

/** Every English namespace not bundled with the first page (bundles/en.ts), as one lazy chunk. */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>(
    ['/src/locales/en/*.json', '!/src/locales/en/common.json', '!/src/locales/en/home.json'],
    { eager: true, import: 'default' },
  ),
) satisfies ResourceLanguage;
