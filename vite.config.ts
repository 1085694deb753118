import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lowPriorityPreload } from './scripts/delivery/low-priority-preload.ts';
import { precompress } from './scripts/delivery/precompress.ts';
import { productionEnvCheck } from './scripts/delivery/production-env.ts';
import { routeCodeMap } from './scripts/delivery/route-code.ts';
import { rpcPreconnect } from './scripts/delivery/rpc-preconnect.ts';

export default defineConfig({
  // productionEnvCheck: `vite build` in mode production refuses placeholder configuration (issue 26).
  // lowPriorityPreload: the CMS client's HTTP code, the answers' parser and the shell's after-first-paint parts
  // download beside the entry (issue 27).
  // rpcPreconnect: index.html connects early to the preferred read node (the first of VITE_RPC_URLS).
  // routeCodeMap: the map of the build's chunks the web server's per-route preload hints come from (issue 27).
  plugins: [
    react(),
    productionEnvCheck(),
    rpcPreconnect(),
    lowPriorityPreload([
      'src/lib/cms/http.ts',
      'src/lib/cms/parse.ts',
      'src/app/transactions-runner.tsx',
      'src/components/transactions-indicator.tsx',
      'src/components/unsaved-work-notice.tsx',
      'src/app/layout/live-chain.tsx',
    ]),
    routeCodeMap(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  // Bootstrap 5.3's SCSS still uses @import; its partials are built selectively (src/app/bootstrap.scss).
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import'] } } },
  server: { host: '127.0.0.1', port: Number(process.env.APP_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.APP_PORT ?? 4173), strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is needed for the first paint anyway: one chunk for it, instead
          // of the dozens of small shared chunks automatic splitting makes (each one a request and its own gzip
          // overhead).
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // The lazy pages share many small modules (react-bootstrap's helpers, the app's components): automatic
          // splitting gave each shared set a chunk of its own, 1–2 kB each, so a page was 20–40 requests (the
          // collection page 29). A common chunk under 8 kB of source is copied into the chunks that use it instead:
          // a few hundred bytes more per page, a third of the requests (issue 27). Rolldown's runtime keeps one
          // instance of each copied module. Chunks holding styles stay files: Vite's CSS plugin would emit their CSS
          // once per copy (rolldown's guide for this option).
          experimentalInlineCommonChunks: { maxSize: 8192, exclude: /\.(css|scss|sass|less)(\?|$)/ },
        },
      },
    },
  },
});
