/**
 * The files each route loads at once (src/app/routes.ts `code`), for the web server to announce with the route's
 * document (scripts/delivery/nginx.ts). The build writes a map of its chunks (`routeCodeMap`, a Vite plugin:
 * dist/.vite/chunks.json, which the server does not serve); `routeFiles` turns a route's modules into files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkEntry {
  /** Source modules in the chunk, relative to the project root (`src/pages/home-page.tsx`). */
  modules: string[];
  /** Chunks it imports statically (file names). */
  imports: string[];
  /** Stylesheets it needs (file names). */
  css: string[];
  isEntry: boolean;
  /**
   * A chunk of styles only: Vite drops its (empty) script after the map is made, and loads its stylesheets instead
   * wherever it is imported.
   */
  stylesOnly?: boolean;
}
/** Chunk file name (`assets/…js`) → what it holds and needs. */
export type ChunkMap = Record<string, ChunkEntry>;

export const CHUNK_MAP_FILE = '.vite/chunks.json';

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
  imports?: readonly string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/** The map of a build's chunks, from Rollup's (Rolldown's) output bundle. */
export function chunkMap(bundle: Record<string, OutputChunkLike>, projectRoot: string): ChunkMap {
  const root = `${projectRoot.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  const map: ChunkMap = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    map[chunk.fileName] = {
      modules: (chunk.moduleIds ?? [])
        .map((id) => id.replaceAll('\\', '/'))
        .filter((id) => id.startsWith(root))
        .map((id) => id.slice(root.length)),
      imports: [...(chunk.imports ?? [])],
      css: [...(chunk.viteMetadata?.importedCss ?? [])],
      isEntry: chunk.isEntry === true,
    };
  }
  return map;
}

export function routeCodeMap(): Plugin {
  let root = '';
  let map: ChunkMap = {};
  return {
    name: 'terra-mater:route-code-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      map = chunkMap(bundle, root);
    },
    // The output as written: Vite has removed the scripts of style-only chunks by now.
    writeBundle(options, bundle) {
      for (const [file, entry] of Object.entries(map)) if (!(file in bundle)) entry.stylesOnly = true;
      const path = join(resolve(root, options.dir ?? 'dist'), CHUNK_MAP_FILE);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, JSON.stringify(map));
    },
  };
}

/** The chunk map and index.html of the build in `dist`; a missing one names the build step that writes it. */
export function readBuild(dist: string): { chunks: ChunkMap; html: string } {
  const path = join(dist, CHUNK_MAP_FILE);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the app first (npm run build writes it)`);
  return {
    chunks: JSON.parse(readFileSync(path, 'utf8')) as ChunkMap,
    html: readFileSync(join(dist, 'index.html'), 'utf8'),
  };
}

/** `start` and every chunk they import statically, transitively (file names); the walk does not enter `stopAt`. */
export function importClosure(
  start: Iterable<string>,
  importsOf: (file: string) => readonly string[] | undefined,
  stopAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || stopAt.has(file)) return;
    seen.add(file);
    for (const imported of importsOf(file) ?? []) visit(imported);
  };
  for (const file of start) visit(file);
  return seen;
}

export interface RouteFiles {
  /** The document's own stylesheets and scripts (the entry and its static imports), root-relative, largest first. */
  document: { styles: string[]; scripts: string[] };
  /** The route's, root-relative (`/assets/…js`). */
  styles: string[];
  scripts: string[];
}

/**
 * The chunks holding `modules` and what they import statically, as root-relative paths, minus what the document
 * already loads: the entry, its static imports, their styles, and whatever index.html names.
 */
export function routeFiles(
  { chunks, html }: { chunks: ChunkMap; html: string },
  modules: readonly string[],
): RouteFiles {
  const importsOf = (file: string) => chunks[file]?.imports;
  const document = importClosure(
    Object.keys(chunks).filter((file) => chunks[file]!.isEntry),
    importsOf,
  );
  const documentCss = new Set([...document].flatMap((file) => chunks[file]!.css));
  const named = (file: string) => document.has(file) || documentCss.has(file) || html.includes(`/${file}"`);
  const start = modules.map((module) => {
    const file = Object.keys(chunks).find((name) => chunks[name]!.modules.includes(module));
    if (!file) throw new Error(`${module}: no chunk of the build holds it`);
    return file;
  });
  const files = importClosure(start, importsOf, document);
  const route = (list: string[]) =>
    list
      .filter((file) => !named(file) && !chunks[file]?.stylesOnly)
      .sort()
      .map((file) => `/${file}`);
  // The entry's chunk is the large one (react, the router, i18n …): named first, it never waits behind the others.
  const bySize = (list: Iterable<string>) =>
    [...list]
      .sort((a, b) => chunks[b]!.modules.length - chunks[a]!.modules.length || a.localeCompare(b))
      .map((file) => `/${file}`);
  return {
    document: { styles: [...documentCss].sort().map((file) => `/${file}`), scripts: bySize(document) },
    styles: route([...new Set([...files].flatMap((file) => chunks[file]!.css))]),
    scripts: route([...files]),
  };
}
