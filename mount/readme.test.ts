import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { describe, expect, it } from 'vitest'
import { reserveCss } from '../build/reserve-plugin'
import { reserveMarkdown } from '../build/reserve-table'
import { registry } from './registry'
import { docsOf, documentWidgets, widgetsMarkdown } from './catalogue'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The widget reference, generated from the registry and each widget's docs.json. */
const WIDGETS_DOC = resolve(ROOT, 'docs/widgets.md')
/** The embedding guide, whose "Reserved space" table is generated from the reserve stylesheet. */
const EMBEDDING_DOC = resolve(ROOT, 'docs/embedding.md')

/**
 * Checks that the part of `file` between the `<!-- <marker>:start -->` and `:end -->` comments
 * is `generated`, formatted as `npm run format` would (so the file passes the format check too);
 * with UPDATE_README=1 (`npm run readme`) rewrites it instead.
 */
async function expectGenerated(file: string, marker: string, generated: string) {
  const start = `<!-- ${marker}:start -->\n`
  const end = `<!-- ${marker}:end -->`
  const text = readFileSync(file, 'utf8')
  const [before, rest] = text.split(start)
  const after = rest?.split(end)[1]
  expect(after, `${file} lacks the ${marker} markers`).toBeDefined()
  const written = await format(`${before}${start}${generated}\n${end}${after}`, {
    ...(await resolveConfig(file)),
    filepath: file,
  })
  if (process.env.UPDATE_README === '1') writeFileSync(file, written)
  else expect(text, `${file} is out of date: run \`npm run readme\``).toBe(written)
}

describe('widget reference (docs/widgets.md)', () => {
  it('matches the registry (run `npm run readme` to regenerate)', async () => {
    // The generator writes level-4 headings; in a file of its own each widget is a level-2 one.
    const reference = widgetsMarkdown(documentWidgets(registry)).replace(/^#### /gm, '## ')
    await expectGenerated(WIDGETS_DOC, 'widgets', reference.trimEnd())
  })

  it('documents every registered widget with an example tag that uses its name', () => {
    for (const doc of documentWidgets(registry)) {
      expect(doc.description.length).toBeGreaterThan(10)
      expect(doc.example).toContain(`data-widget="${doc.name}"`)
    }
  })
})

describe('reserved-space table (docs/embedding.md)', () => {
  it('matches the reserve stylesheet and the docs (run `npm run readme` to regenerate)', async () => {
    const widgets = registry.map((d) => ({ name: d.name, reserve: docsOf(d).reserve }))
    await expectGenerated(EMBEDDING_DOC, 'reserve', reserveMarkdown(reserveCss(), widgets))
  })
})
