import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '@/lib/i18n/namespaces';

/** Every namespace of the Italian translation as one module, so that it is one chunk. */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>('/src/locales/it/*.json', { eager: true, import: 'default' }),
) satisfies ResourceLanguage;
