import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { describe, expect, it } from 'vitest'
import { registry } from './registry'
import { documentWidgets, widgetsMarkdown } from './catalogue'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The widget reference, generated from the registry and each widget's docs.json. */
const WIDGETS_DOC = resolve(ROOT, 'docs/widgets.md')
/** The embedding guide, whose "Reserved space" table must name every widget. */
const EMBEDDING_DOC = resolve(ROOT, 'docs/embedding.md')
const START = '<!-- widgets:start -->\n'
const END = '<!-- widgets:end -->'

/** The body of the `## title` section of a markdown text (up to the next `## ` heading). */
function section(text: string, title: string): string | undefined {
  const [, rest] = text.split(new RegExp(`^## ${title}\\n`, 'm'))
  return rest?.split(/^## /m)[0]
}

describe('widget reference (docs/widgets.md)', () => {
  it('matches the registry (run `npm run readme` to regenerate)', async () => {
    const text = readFileSync(WIDGETS_DOC, 'utf8')
    const [before, rest] = text.split(START)
    const after = rest?.split(END)[1]
    expect(after, 'docs/widgets.md lacks the widgets markers').toBeDefined()
    // The generator writes level-4 headings; in a file of its own each widget is a level-2 one.
    const reference = widgetsMarkdown(documentWidgets(registry)).replace(/^#### /gm, '## ')
    // Formatted as `npm run format` would, so the file passes the format check too.
    const generated = await format(`${before}${START}${reference}${END}${after}`, {
      ...(await resolveConfig(WIDGETS_DOC)),
      filepath: WIDGETS_DOC,
    })
    if (process.env.UPDATE_README === '1') writeFileSync(WIDGETS_DOC, generated)
    else expect(text).toBe(generated)
  })

  it('documents every registered widget with an example tag that uses its name', () => {
    for (const doc of documentWidgets(registry)) {
      expect(doc.description.length).toBeGreaterThan(10)
      expect(doc.example).toContain(`data-widget="${doc.name}"`)
    }
  })

  it('names every registered widget in the reserved-space table (docs/embedding.md)', () => {
    const table = section(readFileSync(EMBEDDING_DOC, 'utf8'), 'Reserved space')
    expect(table, 'docs/embedding.md lacks its "## Reserved space" section').toBeDefined()
    const named = [...(table ?? '').matchAll(/^\| ([^|]+)\|/gm)].flatMap(([, cell]) =>
      [...(cell ?? '').matchAll(/`([\w-]+)`/g)].map(([, name]) => name),
    )
    expect(registry.map((d) => d.name).filter((name) => !named.includes(name))).toEqual([])
  })
})
