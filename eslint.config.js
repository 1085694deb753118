import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per feature: a feature imports only itself and shared code (CSS included), never another feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message:
    'A feature must not import another feature: move what they share down to src/lib or src/components, or let the page compose them.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'cms',
      'contracts',
      '.stack',
      'coverage',
      'test-results',
      'playwright-report',
      'artifacts',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: {
      // Without these, import-x reads no TypeScript module's imports and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: './tsconfig.json',
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // No import cycle, however long: in src/ a cycle means two layers (or two modules of one) lean on each other.
      'import-x/no-cycle': ['error', { maxDepth: '∞' }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrels: export names explicitly.' },
      ],
    },
  },
  {
    // One-way imports: shared code never reaches into features, features never into pages/app.
    files: ['src/lib/**', 'src/components/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/pages/*', '@/app/*'],
              message: 'Shared code must not import features, pages or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared logic sits below shared UI: src/lib never imports src/components (relative, aliased or dynamic imports).
    files: ['src/lib/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/lib',
              from: './src/components',
              message: 'src/lib must not import src/components: move the shared logic down to src/lib, or the UI up.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/pages/*', '@/app/*'], message: 'Features must not import pages or app.' }] },
      ],
    },
  },
  {
    files: ['tests/**', 'scripts/**', '*.config.{ts,js}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Playwright fixtures: `use` is the fixture callback, not React's hook; `{}` means "no dependencies".
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
