// ESLint (flat config), run by `npm run lint` and by `npm test` with --max-warnings 0.
// typescript-eslint's recommended rules (syntax only: the type-checked presets cost a full program
// build, and `tsc` already runs beside ESLint in the suite), React's two hook rules on the browser
// code, and the rules on disable comments: none without a reason after `--` on the same line, none
// left once it suppresses nothing. Rule levels are argued in docs/architecture.md "Tests and CI".
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import globals from 'globals';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig(
  globalIgnores([
    '**/node_modules/**', 'dist/**', 'dist-*/**', 'data/**', 'data-*/**', 'screenshots/**',
    'test-results/**', '.tmp/**', '**/*.generated.*', '**/generated/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      // A disable comment says why, on its own line: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      // `_`-prefixed names are deliberately unused (a handler's required position, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
