/**
 * Code that a route needs soon after the first paint, announced in index.html at low priority (issue 27): the CMS
 * client's HTTP chunk (axios) and the CMS answers' parser; and the app shell's parts that load right after the
 * first paint on every page (the transactions runner, the header's transactions count, the connectivity notice's
 * unsaved-work part, the live-chain follower), with their stylesheets. Every CMS read waits for both, and they used to be asked
 * for only once the entry had been downloaded and run; announced, they download beside it without competing with
 * what the first paint needs (a low-priority request waits behind the stylesheet and the entry). They are not in
 * the first paint's budget (scripts/size-budget.mjs counts the entry's static imports).
 */
import type { Plugin } from 'vite';
import { importClosure } from './route-code.ts';

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/**
 * The files to announce: the chunks that hold `modules` (paths from the project root) and what they import, minus
 * what the page already names. The parser shares its chunk with its schemas, so chunks are found by their modules.
 */
export function lowPriorityFiles(
  bundle: Record<string, ChunkLike>,
  modules: readonly string[],
  html: string,
  base = '/',
): string[] {
  const holders = Object.values(bundle)
    .filter(
      (chunk) =>
        chunk.type === 'chunk' &&
        !chunk.isEntry &&
        chunk.moduleIds?.some((id) => modules.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`))),
    )
    .map((chunk) => chunk.fileName);
  const files = importClosure(holders, (fileName) => {
    const chunk = bundle[fileName];
    return chunk?.type === 'chunk' ? chunk.imports : undefined;
  });
  const scripts = [...files].filter((fileName) => bundle[fileName]?.type === 'chunk');
  // Their stylesheets too: a lazy component's CSS is asked for with its script.
  const styles = scripts.flatMap((fileName) => {
    const chunk = bundle[fileName];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  return [...new Set([...scripts, ...styles])].filter((fileName) => !html.includes(`"${base}${fileName}"`)).sort();
}

export function lowPriorityPreload(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'terra-mater:low-priority-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const files = lowPriorityFiles(bundle, modules, html, base);
        if (files.length === 0) throw new Error(`low-priority preload: no chunk holds ${modules.join(', ')}`);
        return {
          html,
          tags: files.map((fileName) => ({
            tag: 'link',
            attrs: fileName.endsWith('.css')
              ? { rel: 'preload', as: 'style', href: `${base}${fileName}`, fetchpriority: 'low' }
              : { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}`, fetchpriority: 'low' },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
