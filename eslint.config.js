import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.tools/**', '**/*.d.ts', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest injects by constructor parameter type; `import type` there silently breaks DI.
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/bench/**', '**/*.test.ts', 'apps/runner/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read JSON bodies of many shapes; typing each one would hide what they assert.
    files: ['**/*.test.ts', '**/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The web app's layers (docs/architecture.md): app/ (shell, router, providers) above the
    // features, each feature used by others only through its index.ts, and session/ plus the
    // shared folders below them all. Without this the features grew into each other's files.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app', partialMatch: false },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'session', pattern: 'apps/web/src/session', partialMatch: false },
        { type: 'shared', pattern: 'apps/web/src/{api,components,forms,format,styles}', partialMatch: false },
      ],
    },
    rules: {
      // Policies are read in order and the last one that matches decides.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'apps/web layers: app/ -> features/ -> session/ -> api/, components/, forms/, format/ (docs/architecture.md)',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: ['app', 'feature', 'session', 'shared'] } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: ['feature', 'session', 'shared'] } } } },
            { from: { element: { type: 'session' } }, allow: { to: { element: { types: ['session', 'shared'] } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { types: ['app', 'feature'] } },
              disallow: { to: { element: { types: ['feature', 'session'], fileInternalPath: '!index.ts' } } },
              message: 'import another feature (or session/) through its index.ts, not a file inside it',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'a feature must not import from app/: the shell and the router sit above every feature',
            },
          ],
        },
      ],
    },
  },
  // Formatting is prettier's (pnpm format): no lint rule argues with it.
  prettier,
);
