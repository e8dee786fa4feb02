import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const ROOT = dirname(fileURLToPath(import.meta.url))

/**
 * Dependency direction (ARCHITECTURE.md), checked on every import, export-from and import():
 *   widgets → src → (nothing of ours); mount → src and mount → widgets/<name>/index.ts only;
 *   a widget never imports another widget; src/domain imports nothing but its own modules.
 * Tests may also import the test doubles (mocks/, fixtures/) and, through them, mount/.
 *
 * A small local rule instead of an import plugin: the plugins' native resolver ships per-platform
 * binaries that this project's registry does not carry, which breaks `npm ci`.
 */
export function importProblem(file, source) {
  const from = relative(ROOT, file).split(sep).join('/')
  const isTest = /\.test\.tsx?$/.test(from)
  const area = from.split('/')[0]
  if (!source.startsWith('.')) {
    if (from.startsWith('src/domain/') && !isTest)
      return `src/domain holds pure rules: it imports nothing but its own modules ("${source}")`
    return null
  }
  const to = relative(ROOT, resolve(dirname(file), source))
    .split(sep)
    .join('/')
  const [target, widget] = to.split('/')
  const ownWidget = from.split('/')[1]
  const doubles = ['mocks', 'fixtures']
  if (area === 'src') {
    if (from.startsWith('src/domain/') && !isTest && !to.startsWith('src/domain/'))
      return `src/domain holds pure rules: it imports nothing but its own modules ("${source}")`
    if (
      ['widgets', 'demo-pages'].includes(target) ||
      (!isTest && [...doubles, 'mount'].includes(target))
    )
      return `src/ is shared code: it never imports ${target}/ ("${source}")`
  }
  if (area === 'widgets') {
    if (target === 'widgets' && widget !== ownWidget)
      return `a widget never imports another widget ("${source}"): talk through the store and the bus`
    if (target === 'mount' || (!isTest && doubles.includes(target)))
      return `a widget depends on src/ only ("${source}")`
  }
  if (area === 'mount' && target === 'widgets' && !/^widgets\/[^/]+\/index(\.ts)?$/.test(to))
    return `mount/ imports only widgets/<name>/index.ts, the lazy definition ("${source}")`
  return null
}

const dependencyDirection = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const problem = importProblem(context.filename, source.value)
      if (problem) context.report({ node: source, message: problem })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

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
    plugins: {
      'react-hooks': reactHooks,
      local: { rules: { 'dependency-direction': dependencyDirection } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'local/dependency-direction': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'mocks/**', 'fixtures/**'],
    rules: {
      // Tests and mocks may build inputs of the wrong type on purpose.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
