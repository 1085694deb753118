import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// The app's tests use no CSS (`css: false`), but Vite would still start sass and compile each
// Bootstrap SCSS sheet (≈0.7–1.7 s per test file) before handing back an empty module.
const EMPTY_STYLE = '\0empty-style';
const noScss: Plugin = {
  name: 'no-scss-in-tests',
  enforce: 'pre',
  resolveId: (id) => (id.split('?')[0]!.endsWith('.scss') ? EMPTY_STYLE : null),
  load: (id) => (id === EMPTY_STYLE ? 'export default "";' : null),
};

// One runner, several layers: the app in jsdom with MSW, and node-side suites that talk to a
// real local chain or CMS. `npm test` runs every project.
export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: on a 2-core machine, one file at a time. The
    // app's files spend much of their time waiting (timers, retries), so every core runs one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [noScss, react()],
        resolve: { alias },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          testTimeout: 15000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['contracts/test/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'chain',
          environment: 'node',
          include: ['tests/chain/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cms',
          environment: 'node',
          include: ['tests/cms/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 300000,
          fileParallelism: false,
        },
      },
    ],
  },
});
