/**
 * `npm run new-widget <name>` (docs/developing.md, "Adding a widget"): writes a widget that passes
 * typecheck, lint, the unit run and the catalogue test as it is, then runs the generators. It
 * has one attribute (`data-heading`) and one text, in the shape of the small widgets (quotes,
 * free-delivery): its folder, its texts in the three locale files, its registry line, a demo
 * page per locale and their routes. `--no-generate` skips the generators (tests of this script).
 * `--root <dir>` writes into another checkout (the same tests).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'

const LOCALES = ['en', 'fr', 'nl'] as const
type Locale = (typeof LOCALES)[number]

/** What the files name the widget by: `gift-card` → giftCard, GiftCard, "Gift card". */
export function namesOf(name: string) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new Error(`"${name}" is not a widget name: lower case words joined by "-" (gift-card)`)
  const camel = name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
  const pascal = camel.charAt(0).toUpperCase() + camel.slice(1)
  const title = name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ')
  return { name, camel, pascal, title }
}

type Names = ReturnType<typeof namesOf>

/** The widget's own files, by path in its folder. */
export function folderFiles({ name, camel, pascal, title }: Names): Record<string, string> {
  return {
    'props.ts': `import type { PropsOf, PropsSchema } from '../../src/props/schema'

/** The attributes of \`data-widget="${name}"\` (what each means: docs.json). */
export const props = {
  heading: { type: 'string' },
} as const satisfies PropsSchema

export type ${pascal}Props = PropsOf<typeof props>
`,
    'index.ts': `import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const ${camel} = defineWidget('${name}', { props, load: () => import('./${pascal}') })
`,
    [`${pascal}.tsx`]: `import { useTranslation } from 'react-i18next'
import type { WidgetComponentProps } from '../../src/props/schema'
import { trimmedText } from '../../src/domain/trimmed-text'
import type { ${pascal}Props } from './props'
import styles from './${pascal}.module.css'

/**
 * The ${name} widget: its heading (\`data-heading\`), or its text when the tag has none or a
 * blank one. (A React widget reaches the core, as trimmedText is, so its stylesheet comes after
 * the widgets' baseline: build/chunks.test.ts.)
 */
export default function ${pascal}({ props }: WidgetComponentProps<${pascal}Props>) {
  const { t } = useTranslation('${camel}')
  return <p className={styles.box}>{trimmedText(props.heading) || t('${camel}.title')}</p>
}
`,
    [`${pascal}.module.css`]: `/* One line, in the box the reserve stylesheet keeps for the tag (reserve.css). */
.box {
  box-sizing: border-box;
  min-height: inherit;
  margin: 0;
  color: var(--ww-text);
  font-family: var(--wine-widgets-font, inherit);
  font-size: 1rem;
  line-height: 1.5rem;
}
`,
    [`${pascal}.test.tsx`]: `import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWidget } from '../../mocks/render-widget'
import { ${camel} } from './index'

describe('${name}', () => {
  it.each([
    ['en', ${JSON.stringify(title)}],
    ['fr', ${JSON.stringify(title)}],
    ['nl', ${JSON.stringify(title)}],
  ] as const)('shows its text (%s)', async (locale, text) => {
    await renderWidget(${camel}, { locale })
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('shows the heading its tag gives', async () => {
    await renderWidget(${camel}, { locale: 'en', attributes: { 'data-heading': 'Saved for later' } })
    expect(screen.getByText('Saved for later')).toBeInTheDocument()
  })

  it('shows its text for a blank heading', async () => {
    await renderWidget(${camel}, { locale: 'en', attributes: { 'data-heading': ' ' } })
    expect(screen.getByText(${JSON.stringify(title)})).toBeInTheDocument()
  })
})
`,
    'docs.json': `${JSON.stringify(
      {
        description: `The ${name} widget (made by npm run new-widget): say here what it shows and where it goes.`,
        example: `<div data-widget="${name}"></div>`,
        reserve: 'One line of text.',
        attributes: { 'data-heading': 'What it shows instead of its own text (optional).' },
      },
      null,
      2,
    )}\n`,
    'reserve.css': `/* ${title}: one line of text. */
[data-widget='${name}'] {
  min-height: 1.5rem;
}
`,
  }
}

/** `text` with `insert` put before the last match of `before` (which must be there). */
function insertBeforeLast(text: string, before: RegExp, insert: string, file: string): string {
  const matches = [...text.matchAll(new RegExp(before.source, 'g'))]
  const at = matches.at(-1)?.index
  if (at === undefined) throw new Error(`${file}: cannot find where to add the widget`)
  return text.slice(0, at) + insert + text.slice(at)
}

/** The locale file with the widget's namespace added last (kept as written: no reformatting). */
export function withTexts(locale: string, { camel, title }: Names): string {
  const parsed: unknown = JSON.parse(locale)
  if (typeof parsed === 'object' && parsed !== null && camel in parsed)
    throw new Error(`the locale files already have a "${camel}" namespace`)
  return insertBeforeLast(
    locale,
    /\n\}\s*$/,
    `,\n  ${JSON.stringify(camel)}: {\n    "title": ${JSON.stringify(title)}\n  }`,
    'locales',
  )
}

/** mount/registry.ts with the widget's import and its line in `widgetList`. */
export function withRegistryLine(registry: string, { name, camel }: Names): string {
  // After the last widget import; the list's line after its last entry.
  const last = [...registry.matchAll(/^import [^\n]+ from '\.\.\/widgets\/[^']+\/index'$/gm)].at(-1)
  if (last?.index === undefined) throw new Error('mount/registry.ts: no widget import found')
  const end = last.index + last[0].length
  const line = `\nimport { ${camel} } from '../widgets/${name}/index'`
  const imported = registry.slice(0, end) + line + registry.slice(end)
  return insertBeforeLast(imported, /\n\]/, `\n  ${camel},`, 'mount/registry.ts')
}

/** The demo pages' path segment of each locale's route (`/en/<name>`). */
const routeOf = (locale: Locale, name: string) => `/${locale}/${name}`

/** demo-pages/routes.json with one route per locale for the widget's page. */
export function withRoutes(routes: string, { name, title }: Names): string {
  const added = LOCALES.map(
    (locale) =>
      `,\n    {\n      "path": ${JSON.stringify(routeOf(locale, name))},\n      "page": "${name}-${locale}",\n      "locale": "${locale}",\n      "title": ${JSON.stringify(title)},\n      "label": ${JSON.stringify(title)}\n    }`,
  ).join('')
  return insertBeforeLast(routes, /\n {2}\]\n\}\s*$/, added, 'demo-pages/routes.json')
}

/** A demo page: the widget's tag under a heading, in the page's locale. */
const demoPage = ({ name, title }: Names) =>
  `<h1>${title}</h1>\n<div data-widget="${name}"></div>\n`

/** Writes the widget into the checkout at `root`; returns the paths written, from the root. */
export async function writeWidget(root: string, name: string): Promise<string[]> {
  const names = namesOf(name)
  const folder = join(root, 'widgets', name)
  if (existsSync(folder)) throw new Error(`widgets/${name} exists already`)
  const written: string[] = []
  const write = async (path: string, text: string) => {
    const file = join(root, path)
    const config = (await resolveConfig(file)) ?? {}
    writeFileSync(file, await format(text, { ...config, filepath: file }))
    written.push(path)
  }
  // Everything is read and changed before anything is written: a file it cannot change leaves
  // the checkout as it was.
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const locales = LOCALES.map((l) => {
    const path = `locales/${l}.json`
    return { path, text: withTexts(read(path), names) }
  })
  const registry = withRegistryLine(read('mount/registry.ts'), names)
  const routes = withRoutes(read('demo-pages/routes.json'), names)
  mkdirSync(folder)
  for (const [file, text] of Object.entries(folderFiles(names)))
    await write(`widgets/${name}/${file}`, text)
  for (const { path, text } of locales) await write(path, text)
  await write('mount/registry.ts', registry)
  await write('demo-pages/routes.json', routes)
  for (const locale of LOCALES)
    await write(`demo-pages/pages/${name}-${locale}.html`, demoPage(names))
  return written
}

/**
 * The generated docs: the widget reference and the reserved-space table (`npm run readme`), and
 * the build's sizes in the deploy and embedding guides (`UPDATE_DOCS=1`, a production build).
 */
function generate(root: string) {
  const run = (env: Record<string, string>, file: string) =>
    execFileSync('npx', ['vitest', 'run', file], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
  run({ UPDATE_README: '1' }, 'mount/readme.test.ts')
  run({ UPDATE_DOCS: '1' }, 'build/chunks.test.ts')
}

/** The command line: `node build/new-widget.ts <name> [--no-generate] [--root <dir>]`. */
async function main(args: string[]) {
  const rootAt = args.indexOf('--root')
  const root = rootAt >= 0 ? args[rootAt + 1] : fileURLToPath(new URL('..', import.meta.url))
  const name = args.find((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1))
  if (!name || !root) {
    console.error('usage: npm run new-widget <name>   (lower case words joined by "-")')
    process.exit(1)
  }
  const written = await writeWidget(root, name)
  console.log(`[new-widget] wrote ${written.length} files:\n  ${written.join('\n  ')}`)
  if (!args.includes('--no-generate')) generate(root)
  const { camel } = namesOf(name)
  console.log(`[new-widget] next: translate "${camel}.title" in locales/fr.json and nl.json, write
  widgets/${name}/docs.json for editors, then build the widget (docs/developing.md, "Adding a widget").`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2))
