import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src/locales');
const languages = readdirSync(root);

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function load(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(root, language, file), 'utf8'));
}

describe('translations', () => {
  it('has English and Italian', () => {
    expect(languages.sort()).toEqual(['en', 'it']);
  });

  const namespaces = readdirSync(join(root, 'en'));
  it.each(namespaces)('%s has the same keys in every language, none empty', (file) => {
    const english = keysOf(load('en', file)).sort();
    for (const language of languages) {
      expect(readdirSync(join(root, language))).toContain(file);
      const keys = keysOf(load(language, file)).sort();
      expect(keys, `${language}/${file}`).toEqual(english);
    }
  });

  it('has no namespace that exists only in Italian', () => {
    expect(readdirSync(join(root, 'it')).sort()).toEqual(namespaces.sort());
  });
});
