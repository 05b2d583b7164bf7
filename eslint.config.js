import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'

const electronAndUi = [
  { name: 'electron', message: 'src/gateway and src/shared run headless: no electron imports (ARCHITECTURE.md).' },
  { name: 'react', message: 'src/gateway and src/shared run headless: no react imports.' },
  { name: 'react-dom', message: 'src/gateway and src/shared run headless: no react imports.' },
]
const uiLayers = (message) => [{ group: ['**/main/**', '**/renderer/**', '**/preload/**', 'electron/*'], message }]

/** What a zustand selector must not return under plain `useAppStore`: a value new on every call. */
const freshSelectorResults = [
  "CallExpression[callee.property.name=/^(filter|map|flatMap|slice|concat|toSorted|toReversed|entries|keys|values)$/]",
  'ObjectExpression',
  'ArrayExpression',
]

/**
 * The renderer's features sit side by side: none imports another (what two share moves down to
 * components/ or lib/). The shell is the composition root that places the pages, so it is exempt.
 */
const FEATURES_DIR = 'src/renderer/src/features'
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const otherFeatures = (own) => ({
  group: features.filter((f) => f !== own).flatMap((f) => [`../${f}/*`, `../../${f}/*`, `**/features/${f}/*`]),
  message: `A feature never imports another feature (ARCHITECTURE.md): move what two features share to components/ (presentational) or lib/ (logic), or let the shell pass it in.`,
})
const rendererElectron = { name: 'electron', message: 'The renderer talks to the gateway over HTTP and to the OS through the preload API only.' }
const rendererImports = [{ group: ['**/gateway/**', '**/main/**', 'node:*'], message: 'The renderer never imports gateway or main code: it talks to the gateway over HTTP (src/renderer/src/api).' }]

const sqliteOutsideStore = { name: 'better-sqlite3', message: 'Only src/gateway/store may import better-sqlite3: add a repository there.' }
const postgresOutsideStore = { name: 'pg', message: 'Only src/gateway/store may import pg: add a repository there.' }

/** One block per gateway layer: the gateway-wide restrictions plus the layer's own. */
function gatewayLayers(layers) {
  return layers.map(({ files, patterns }) => ({
    files,
    ignores: ['src/gateway/store/**', '**/*.test.ts', '**/*-harness.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...electronAndUi, sqliteOutsideStore, postgresOutsideStore], patterns: [...uiLayers('src/gateway never imports main, preload or renderer code.'), ...patterns] }],
    },
  }))
}

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
  // Dates without V8's Date strings, which load ICU's time zone names (README, "How the gateway is built").
  {
    files: ['src/gateway/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/gateway/kernel/iso-time.ts', 'src/gateway/http/dated-server-response.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toISOString', message: "Write ISO times with isoTime() (kernel/iso-time.ts): Date's toISOString loads ICU's time zone names on its first call, some 0.9 MB the gateway then keeps." },
        { property: 'toUTCString', message: "Write HTTP dates with httpDate() (http/dated-server-response.ts): Date's toUTCString loads ICU's time zone names on its first call, some 0.9 MB the gateway then keeps." },
      ],
    },
  },
  // The gateway's layers import only downward (ARCHITECTURE.md). Flat config replaces a rule rather
  // than merging it, so each layer's block repeats the gateway-wide restrictions. Tests are exempt: they
  // read the store and build harnesses across layers.
  ...gatewayLayers([
    { files: ['src/gateway/**/*.ts'], patterns: [] },
    { files: ['src/gateway/http/**/*.ts'], patterns: [{ group: ['**/api/**', '**/services/**'], message: 'http/ holds HTTP machinery: it never imports api/ or services/ (take what it needs as a parameter, or from src/shared).' }] },
    { files: ['src/gateway/services/**/*.ts'], patterns: [{ group: ['**/http/**', '**/api/**'], message: 'services/ never imports http/ or api/: a service knows nothing of Fastify or routes.' }] },
    { files: ['src/gateway/api/**/*.ts'], patterns: [{ group: ['**/store/**', '**/providers/**'], message: 'api/ never imports store/ or providers/: a route calls a service.' }] },
    { files: ['src/gateway/providers/**/*.ts'], patterns: [{ group: ['**/store/**'], message: 'providers/ never imports store/: a provider takes a ProviderConfig, not a row.' }] },
    { files: ['src/gateway/kernel/**/*.ts', 'src/gateway/blobs/**/*.ts', 'src/gateway/security/**/*.ts', 'src/gateway/config/**/*.ts'], patterns: [{ group: ['**/api/**', '**/services/**', '**/http/**', '**/providers/**', '**/engines/**', '**/boot/**'], message: 'kernel/, blobs/, security/ and config/ are leaf layers: they import only src/shared and each other.' }] },
  ]),
  {
    files: ['src/gateway/store/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronAndUi,
          patterns: [
            ...uiLayers('src/gateway never imports main, preload or renderer code.'),
            { group: ['**/api/**', '**/services/**', '**/http/**', '**/providers/**', '**/engines/**', '**/boot/**'], message: 'store/ is the lowest gateway layer: it imports only src/shared, kernel/, better-sqlite3 and pg.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/gateway/**/*.test.ts', 'src/gateway/**/*-harness.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: electronAndUi, patterns: uiLayers('src/gateway never imports main, preload or renderer code.') }] },
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
      'no-restricted-syntax': ['error', ...freshSelectorResults.map((result) => ({
        selector: `CallExpression[callee.name='useAppStore'] > ArrowFunctionExpression > ${result}`,
        message: 'This store selector builds a new array or object on every call, so the component re-renders without end (React error #185): use useAppStoreShallow, or select the source and derive it in the component.',
      }))],
      'no-restricted-imports': [
        'error',
        {
          paths: [rendererElectron],
          patterns: rendererImports,
        },
      ],
    },
  },
  ...features.filter((f) => f !== 'shell').map((f) => ({
    files: [`${FEATURES_DIR}/${f}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [rendererElectron], patterns: [...rendererImports, otherFeatures(f)] }] },
  })),
)
