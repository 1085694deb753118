/**
 * How the build groups modules into chunks (vite.config.ts, rolldown `output.codeSplitting`). Automatic splitting
 * gives every combination of routes sharing modules a chunk of its own: a route loaded some 40 files, most under
 * 1 kB, each a request of its own with its own headers, on the six connections HTTP/1.1 allows. Grouped:
 * - `initial`: what the entry imports statically (the first paint needs all of it).
 * - `ui`: react-bootstrap's later components and their helpers (dialogs, dropdowns, tabs, forms), never on /home.
 * - `app`: app modules two or more routes share that reach no ethers module.
 * - `chain`: app modules two or more routes share that reach ethers' provider or contract modules.
 * Page modules and what one page alone uses stay in that page's chunk; ethers keeps its automatic chunks (the ABI
 * coder alone for the call runner, so the signed-out staking page loads no provider).
 */
import type { CodeSplittingOptions } from 'rolldown';

type ChunkingContext = Parameters<Extract<NonNullable<CodeSplittingOptions['groups']>[number]['name'], Function>>[1];

const UI = /node_modules[\\/](react-bootstrap|@restart|dom-helpers|react-transition-group|uncontrollable|@react-aria|react-aria|prop-types|warning|invariant|dequal|@babel[\\/]runtime)[\\/]/;
const ETHERS_HEAVY = /node_modules[\\/]ethers[\\/]lib\.esm[\\/](providers|contract|wallet|transaction)[\\/]/;
const APP = /[\\/]src[\\/]/;
const OWN_CHUNK = /[\\/]src[\\/](pages[\\/]|lib[\\/]chain[\\/]call-runner|lib[\\/]cms[\\/]http)/;

function reachesEthersHeavy(id: string, ctx: ChunkingContext, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false);
  const info = ctx.getModuleInfo(id);
  const reaches = ETHERS_HEAVY.test(id) || (info?.importedIds ?? []).some((next) => reachesEthersHeavy(next, ctx, memo));
  memo.set(id, reaches);
  return reaches;
}

export function chunkGroups(): CodeSplittingOptions {
  const memo = new Map<string, boolean>();
  return {
    groups: [
      { name: 'initial', tags: ['$initial'], priority: 3 },
      { name: 'ui', test: UI, priority: 2 },
      {
        name: (id, ctx) => {
          if (!APP.test(id) || OWN_CHUNK.test(id)) return null;
          return reachesEthersHeavy(id, ctx, memo) ? 'chain' : 'app';
        },
        minShareCount: 2,
        priority: 1,
      },
    ],
  };
}
