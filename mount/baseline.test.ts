import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const baseline = readFileSync(join(root, 'mount/baseline.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
)
const SCOPE = ':is([data-widget], [data-widget-portal])'

function moduleStylesheets(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.module.css'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Splits a selector list at its top-level commas (not those inside parentheses). */
function splitList(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (const [i, char] of Array.from(list).entries()) {
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  return [...parts, list.slice(start)]
}

/** The top-level selectors of a stylesheet without comments or nested at-rules. */
function selectors(css: string): string[] {
  return css
    .split('{')
    .slice(0, -1)
    .map((chunk) => chunk.split(/[;}]/).pop()?.trim() ?? '')
    .filter((selector) => selector && !selector.startsWith('@'))
    .flatMap((selector) => splitList(selector).map((s) => s.replace(/\s+/g, ' ').trim()))
}

describe('the widgets’ baseline (mount/baseline.css)', () => {
  it('is not in a cascade layer: layered rules lose to every unlayered host rule', () => {
    expect(baseline).not.toMatch(/@layer/)
  })

  it('weighs one attribute: the widget scope, everything else inside :where()', () => {
    const heavier = selectors(baseline)
      .filter((s) => s.startsWith(`${SCOPE} `) || s === SCOPE)
      .map((s) => s.slice(SCOPE.length).trim())
      .filter((rest) => rest && !/^:where\((?:[^()]|\([^()]*\))*\)(::?[a-z-]+)?$/.test(rest))
    expect(heavier).toEqual([])
  })

  it('scopes every rule to the widget tags and the modal portal', () => {
    const outside = selectors(baseline).filter(
      (s) => !s.startsWith(SCOPE) && !s.startsWith(':is( [data-widget]:not('),
    )
    expect(outside).toEqual([])
  })
})

describe('theming', () => {
  // The defaults of the documented --wine-widgets-* properties live in mount/baseline.css only.
  const DEFAULTS = ['#6d1a36', '#4a1125', '#222', '#595959', '#e4ddd5']

  it('widget styles read the theme’s properties instead of copies of its colours', () => {
    const copies = ['widgets', 'src'].flatMap(moduleStylesheets).flatMap((file) => {
      const css = readFileSync(file, 'utf8').toLowerCase()
      return DEFAULTS.filter((colour) => new RegExp(`${colour}\\b`).test(css)).map(
        (colour) => `${file.slice(root.length + 1)}: ${colour}`,
      )
    })
    expect(copies).toEqual([])
  })

  it('every theme property a widget reads is defined by the baseline', () => {
    const defined = new Set([...baseline.matchAll(/(--ww-[\w-]+):/g)].map((m) => m[1]))
    const read = new Set(
      ['widgets', 'src']
        .flatMap(moduleStylesheets)
        .flatMap((file) =>
          [...readFileSync(file, 'utf8').matchAll(/var\((--ww-[\w-]+)/g)].map((m) => m[1]),
        ),
    )
    expect([...read].filter((name) => !defined.has(name))).toEqual([])
  })
})
