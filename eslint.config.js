import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'

/**
 * Dependency direction (ARCHITECTURE.md):
 *   widgets → src → (nothing of ours); mount → src and mount → widgets/<name>/index.ts only;
 *   a widget never imports another widget; src/domain imports nothing but types.
 */
const widgetNames = [
  'quotes',
  'consent',
  'giftbox',
  'search',
  'sommelier',
  'login',
  'user-menu',
  'minicart',
  'cart',
  'bundle',
  'wine-tabs',
  'carousel',
  'slider',
  'decouvrir',
  'index',
  'faq',
  'account',
  'invoices',
  'reset-password',
]

/** Production code may not import test doubles; tests may (they render through mocks/). */
const zones = ({ tests }) => [
  {
    target: './src',
    from: tests
      ? ['./widgets', './demo-pages']
      : ['./widgets', './mount', './mocks', './fixtures', './demo-pages'],
    message: 'src/ is shared code: it never imports widgets, mount or mocks.',
  },
  {
    target: './src/domain/!(*.test).ts',
    from: ['./src/!(domain)/**/*', './node_modules/**/*'],
    message: 'src/domain holds pure rules: it imports nothing but its own types.',
  },
  {
    target: './widgets',
    from: tests ? ['./mount'] : ['./mount', './mocks', './fixtures'],
    message: 'A widget depends on src/ only.',
  },
  ...widgetNames.map((name) => ({
    target: `./widgets/${name}`,
    from: './widgets',
    except: [`./${name}`],
    message: 'A widget never imports another widget: talk through the store and the bus.',
  })),
  {
    target: './mount',
    from: './widgets/*/!(index.ts)',
    message: 'mount/ imports only widgets/<name>/index.ts (the lazy definition).',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'node_modules',
      'e2e/test-results',
      'e2e/report',
      'demo-pages/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: zones({ tests: false }) }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'mocks/**', 'fixtures/**'],
    rules: {
      // Tests and mocks may build inputs of the wrong type on purpose.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': ['error', { zones: zones({ tests: true }) }],
    },
  },
)
