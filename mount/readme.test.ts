import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { describe, expect, it } from 'vitest'
import { registry } from './registry'
import { documentWidgets, widgetsMarkdown } from './catalogue'

const README = resolve(dirname(fileURLToPath(import.meta.url)), '../README.md')
const START = '<!-- widgets:start -->\n'
const END = '<!-- widgets:end -->'

describe('README widget reference', () => {
  it('matches the registry (run `npm run readme` to regenerate)', async () => {
    const text = readFileSync(README, 'utf8')
    const [before, rest] = text.split(START)
    const after = rest?.split(END)[1]
    expect(after, 'README lacks the widgets markers').toBeDefined()
    // Formatted as `npm run format` would, so the README passes the format check too.
    const generated = await format(
      `${before}${START}${widgetsMarkdown(documentWidgets(registry))}${END}${after}`,
      { ...(await resolveConfig(README)), filepath: README },
    )
    if (process.env.UPDATE_README === '1') writeFileSync(README, generated)
    else expect(text).toBe(generated)
  })

  it('documents every registered widget with an example tag that uses its name', () => {
    for (const doc of documentWidgets(registry)) {
      expect(doc.description.length).toBeGreaterThan(10)
      expect(doc.example).toContain(`data-widget="${doc.name}"`)
    }
  })

  it('names every registered widget in the reserved-space table', () => {
    const section = readFileSync(README, 'utf8').split('### Reserved space')[1]?.split('\n### ')[0]
    const named = [...(section ?? '').matchAll(/^\| ([^|]+)\|/gm)].flatMap(([, cell]) =>
      [...(cell ?? '').matchAll(/`([\w-]+)`/g)].map(([, name]) => name),
    )
    expect(registry.map((d) => d.name).filter((name) => !named.includes(name))).toEqual([])
  })
})
