// One lint setup for the whole monorepo (ESLint flat config + typescript-eslint).
// Formatting is Prettier's job (`npm run lint` runs both); ESLint checks code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '**/.data/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use `as const` objects and unions instead of enum.',
        },
      ],
    },
  },
  {
    // The engine is pure: no React, no DOM, no Node I/O (DESIGN.md).
    files: ['packages/engine/src/**/*.ts'],
    ignores: [
      'packages/engine/src/**/*.test.ts',
      'packages/engine/src/bench/**',
      'packages/engine/bench/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*'], message: 'The engine has no React.' },
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os'],
              message: 'The engine does no I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch', 'process'],
    },
  },
);
