import { createRequire } from 'node:module'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import compat from 'eslint-plugin-compat'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import browserslist from 'browserslist'
import globals from 'globals'

const ROOT = dirname(fileURLToPath(import.meta.url))

/**
 * Dependency direction (ARCHITECTURE.md), checked on every import, export-from and import():
 *   widgets → src → (nothing of ours); mount → src and mount → widgets/<name>/index.ts only;
 *   a widget never imports another widget; src/domain imports nothing but its own modules;
 *   src/ui (presentational pieces) never imports src/features (stateful pieces: session, queries).
 *   server/ (the proxies) takes from src/ only src/domain (the wire shapes and pure rules it shares
 *   with the browser), and nothing shipped to the browser imports server/ (its prompt and keys).
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
  if (['src', 'widgets', 'mount'].includes(area) && target === 'server')
    return `${area}/ is shipped to the browser: it never imports server/ ("${source}")`
  if (area === 'server' && target === 'src' && !to.startsWith('src/domain/'))
    return `server/ takes only src/domain (pure rules and wire shapes) from src/ ("${source}")`
  if (area === 'server' && ['widgets', 'mount', 'demo-pages'].includes(target))
    return `server/ never imports browser code ("${source}")`
  if (area === 'server' && !isTest && doubles.includes(target))
    return `server/ never imports the test doubles ("${source}")`
  if (area === 'src') {
    if (from.startsWith('src/domain/') && !isTest && !to.startsWith('src/domain/'))
      return `src/domain holds pure rules: it imports nothing but its own modules ("${source}")`
    if (from.startsWith('src/ui/') && !isTest && to.startsWith('src/features/'))
      return `src/ui holds presentational pieces: it never imports a stateful feature ("${source}")`
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

/** MDN's browser names for browserslist's. */
const MDN_BROWSER = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios_saf: 'safari_ios',
}

const BROWSER_NAME = {
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
  safari: 'Safari',
  safari_ios: 'iOS Safari',
}

const versionNumber = (v) => v.split('.').map((part) => Number(part) || 0)
function olderThan(a, b) {
  const [x, y] = [versionNumber(a), versionNumber(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0)
  return false
}

/** The oldest version of each browser of the `browserslist` list in package.json. */
export function oldestTargets(query = browserslist.loadConfig({ path: ROOT })) {
  const oldest = {}
  for (const entry of browserslist(query)) {
    const [name = '', range = ''] = entry.split(' ')
    const browser = MDN_BROWSER[name]
    const version = range.split('-')[0]
    if (!browser || !/^\d/.test(version)) continue
    if (!oldest[browser] || olderThan(version, oldest[browser])) oldest[browser] = version
  }
  return oldest
}

let mdnData
/** MDN's compat record of a static member (`AbortSignal.any`, `Promise.withResolvers`…). */
function staticRecord(object, property) {
  mdnData ??= createRequire(import.meta.url)('@mdn/browser-compat-data')
  return (
    mdnData.api[object]?.[`${property}_static`]?.__compat ??
    mdnData.javascript.builtins[object]?.[property]?.__compat
  )
}

/**
 * `AbortSignal.any` used where the target has Safari 16.4: "Safari 16.4, iOS 16.4". Returns the
 * browsers of the target (at their oldest version) that lack the static member, or [].
 */
export function unsupportedIn(object, property, targets = oldestTargets()) {
  const support = staticRecord(object, property)?.support
  if (!support) return []
  const missing = []
  for (const [browser, version] of Object.entries(targets)) {
    const statements = [support[browser] ?? []].flat()
    const plain = statements.find((s) => !s.flags && !s.prefix && !s.alternative_name)
    const added = plain?.version_added
    const ok =
      added === true ||
      added === null ||
      added === undefined ||
      (typeof added === 'string' && !olderThan(version, added.replace(/^≤/, '')))
    if (!ok) missing.push(`${BROWSER_NAME[browser]} ${version}`)
  }
  return missing
}

const sourceText = (context, node) => context.sourceCode.getText(node)

/**
 * True when the access is checked first: `typeof AbortSignal.any`, `AbortSignal.any?.(…)`, or
 * inside the branch of an if / ?: / && / || whose test names `AbortSignal.any` or
 * `'any' in AbortSignal`.
 */
function isGuarded(context, node, object, property) {
  const name = `${object}.${property}`
  const names = (test) => {
    const text = sourceText(context, test)
    return (
      text.includes(name) || new RegExp(`['"\`]${property}['"\`]\\s+in\\s+${object}\\b`).test(text)
    )
  }
  if (node.optional || (node.parent?.type === 'CallExpression' && node.parent.optional)) return true
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') return true
    if (
      (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') &&
      parent.test !== child &&
      names(parent.test)
    )
      return true
    if (parent.type === 'LogicalExpression' && parent.right === child && names(parent.left))
      return true
  }
  return false
}

/**
 * Static members of built-ins and web APIs (`AbortSignal.any`, `Promise.withResolvers`,
 * `Object.groupBy`…) outside the browser target, read from MDN's data. eslint-plugin-compat
 * checks globals and constructors but its metadata has no static members, so this rule covers them.
 */
const staticApiTarget = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      MemberExpression(node) {
        if (
          node.computed ||
          node.object.type !== 'Identifier' ||
          node.property.type !== 'Identifier'
        )
          return
        const object = node.object.name
        const property = node.property.name
        if (!/^[A-Z]/.test(object)) return
        // A local variable or import of that name is not the global.
        let scope = context.sourceCode.getScope(node)
        for (; scope; scope = scope.upper) {
          const variable = scope.set.get(object)
          if (variable && variable.defs.length > 0) return
        }
        const missing = unsupportedIn(object, property)
        if (missing.length === 0 || isGuarded(context, node, object, property)) return
        context.report({
          node,
          message: `${object}.${property} is not supported in ${missing.join(', ')} (browserslist in package.json): check for it first and give a fallback.`,
        })
      },
    }
  },
}

export default defineConfig(
  {
    ignores: [
      'dist',
      'dist-demo',
      'dist-prod',
      'dist-server',
      'node_modules',
      'e2e/test-results',
      'e2e/report',
      'demo-pages/mockServiceWorker.js',
      '.vite',
    ],
  },
  js.configs.recommended,
  // Type-aware: the rules that need the types (floating promises, unsafe `any`, deprecated APIs,
  // conditions that are always true…) read the project's tsconfig through the project service.
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // The browser-target test lints a probe module that exists only in memory.
          allowDefaultProject: ['src/services/browser-target-probe.ts'],
        },
        tsconfigRootDir: ROOT,
      },
    },
    rules: {
      // `onClick={() => setOpen(false)}` returns nothing worth flagging.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Numbers in messages and keys read well as they are.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Plain JavaScript (configs, scripts, the demo server): no types to read.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.configs.strict],
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      local: {
        rules: {
          'dependency-direction': dependencyDirection,
          'static-api-target': staticApiTarget,
        },
      },
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
    // A node placed outside a widget's tag goes through src/ui/placed: a host that swaps the
    // page's body (PJAX, Turbo) takes it away, and a portal straight into the body makes React
    // remove it from a body that no longer holds it (NotFoundError, issue 54).
    files: ['mount/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/ui/placed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-dom',
              importNames: ['createPortal'],
              message: 'Render outside the tag with PlacedBox (src/ui/placed/PlacedBox.tsx).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.property.name='body'][callee.property.name=/^(append|appendChild|prepend|insertBefore|insertAdjacentElement|replaceChildren)$/]",
          message: 'Place nodes in the body with place() (src/ui/placed/placed.ts).',
        },
      ],
    },
  },
  {
    // Browser target (the `browserslist` list in package.json, which the build target follows too):
    // the code shipped to shoppers' browsers uses no web or JavaScript API that one of the
    // supported browsers lacks, unless it checks first (`if ('any' in AbortSignal)`…). The build
    // transforms syntax only; it adds no polyfill, so built-ins (Promise.withResolvers,
    // Object.groupBy…) are checked as well as web APIs.
    files: ['mount/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { compat },
    settings: { lintAllEsApis: true, polyfills: [] },
    rules: { 'compat/compat': 'error', 'local/static-api-target': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'e2e-cross/**', 'bench/**', 'mocks/**', 'fixtures/**'],
    rules: {
      // Tests and mocks may build inputs of the wrong type on purpose.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // They read recorded payloads, parsed JSON and mock calls loosely on purpose (the code under
      // test is what checks shapes), pass spied methods to `expect`, and write async stand-ins
      // for async APIs without awaiting anything.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A unit test's expected value never comes from today's date: `new Date()` without an argument
    // is the real clock. Set it (vi.useFakeTimers({ now }) / vi.setSystemTime, then Date.now())
    // or build the date you mean; the CI's faketime step runs the date-sensitive files on dates
    // chosen to break date code (docs/testing.md).
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "A test never reads today's date: set the clock (vi.setSystemTime) or build the date.",
        },
      ],
    },
  },
)
