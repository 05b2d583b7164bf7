import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const electronAndUi = [
  { name: 'electron', message: 'src/gateway and src/shared run headless: no electron imports (ARCHITECTURE.md).' },
  { name: 'react', message: 'src/gateway and src/shared run headless: no react imports.' },
  { name: 'react-dom', message: 'src/gateway and src/shared run headless: no react imports.' },
]
const uiLayers = (message) => [{ group: ['**/main/**', '**/renderer/**', '**/preload/**', 'electron/*'], message }]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    files: ['src/gateway/**/*.ts'],
    ignores: ['src/gateway/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...electronAndUi, { name: 'better-sqlite3', message: 'Only src/gateway/store may import better-sqlite3: add a repository there.' }],
          patterns: uiLayers('src/gateway never imports main, preload or renderer code.'),
        },
      ],
    },
  },
  {
    files: ['src/gateway/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: electronAndUi, patterns: uiLayers('src/gateway never imports main, preload or renderer code.') }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronAndUi,
          patterns: [
            ...uiLayers('src/shared is imported by every layer: it imports none of them.'),
            { group: ['node:*', '**/gateway/**'], message: 'src/shared holds wire types and schemas only: no node: or gateway imports.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to the gateway over HTTP and to the OS through the preload API only.' }],
          patterns: [
            { group: ['**/gateway/**', '**/main/**', 'node:*'], message: 'The renderer never imports gateway or main code: it talks to the gateway over HTTP (src/renderer/src/api).' },
          ],
        },
      ],
    },
  },
)
