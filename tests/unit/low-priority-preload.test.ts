import { describe, expect, it } from 'vitest';
import { lowPriorityFiles } from '../../scripts/delivery/low-priority-preload';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  isEntry,
});

/** The CMS client's code downloads beside the entry, at low priority. */
describe('lowPriorityFiles', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['/app/index.html'], ['assets/main.js'], true),
    'assets/main.js': chunk('assets/main.js', ['/app/src/app/main.tsx', '/app/src/lib/cms/client.ts']),
    'assets/http.js': chunk(
      'assets/http.js',
      ['/app/src/lib/cms/http.ts', '/app/node_modules/axios/index.js'],
      ['assets/main.js', 'assets/shared.js'],
    ),
    'assets/shared.js': chunk('assets/shared.js', ['/app/src/lib/errors/app-error.ts']),
    'assets/parse.js': chunk('assets/parse.js', ['/app/src/lib/cms/schemas.ts', '/app/src/lib/cms/parse.ts']),
    'assets/page.js': chunk('assets/page.js', ['/app/src/pages/home-page.tsx'], ['assets/parse.js']),
    'assets/main.css': { type: 'asset' as const, fileName: 'assets/main.css' },
  };
  const html =
    '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/main.js">';

  it('names the chunks that hold the modules (found by their modules, not their facade) and what they import, minus what the page names', () => {
    expect(lowPriorityFiles(bundle, ['src/lib/cms/http.ts', 'src/lib/cms/parse.ts'], html)).toEqual([
      'assets/http.js',
      'assets/parse.js',
      'assets/shared.js',
    ]);
  });

  it('matches whole path segments and never the entry', () => {
    expect(lowPriorityFiles(bundle, ['cms/parse.ts'], html)).toEqual(['assets/parse.js']);
    expect(lowPriorityFiles(bundle, ['ms/parse.ts'], html)).toEqual([]);
    expect(lowPriorityFiles(bundle, ['index.html'], html)).toEqual([]);
  });
});
