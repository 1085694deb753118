import type { ResourceLanguage } from 'i18next';

/** Turns `{ '…/locales/<lang>/<namespace>.json': json }` into `{ <namespace>: json }`. */
export function collectNamespaces(files: Record<string, Record<string, unknown>>): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [path, json] of Object.entries(files)) {
    const match = /\/([a-z0-9-]+)\.json$/.exec(path);
    if (match?.[1]) namespaces[match[1]] = json;
  }
  return namespaces;
}
