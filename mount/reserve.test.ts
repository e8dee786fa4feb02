import { readFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reserveCss, reserveFiles } from '../build/reserve-plugin'
import { FLOATING, parseRules } from '../build/reserve-table'
import { registry } from './registry'
import { FALLBACK_ATTRIBUTE } from './widget-code'

const css = reserveCss()

describe('wine-widgets.css (mount/reserve.css and widgets/*/reserve.css)', () => {
  it('reserves a box for every widget that takes space', () => {
    const missing = registry
      .map((definition) => definition.name)
      .filter((name) => !FLOATING.has(name) && !css.includes(`[data-widget='${name}']`))
    expect(missing, 'add their box to widgets/<name>/reserve.css, then `npm run readme`').toEqual(
      [],
    )
  })

  it("keeps each widget's file to its own tag, so the order of the files cannot matter", () => {
    const strays = reserveFiles()
      .slice(1)
      .flatMap((file) => {
        const name = basename(dirname(file))
        const own = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
        const tags = [...own.matchAll(/\[data-widget(?:='([^']*)')?\]/g)].map((m) => m[1])
        return tags.filter((tag) => tag !== name).map((tag) => `${name}: ${tag ?? 'any widget'}`)
      })
    expect(strays).toEqual([])
  })

  it('names only registered widgets', () => {
    const names = new Set(registry.map((definition) => definition.name))
    const used = [...css.matchAll(/\[data-widget='([^']+)'\]/g)].map((m) => m[1])
    expect(used.filter((name) => !names.has(name ?? ''))).toEqual([])
  })

  it("styles a crashed widget's text, whichever renderer drew it (mount/root.tsx, mount/dom-root.ts)", () => {
    expect(css).toMatch(
      new RegExp(String.raw`\[data-widget\] > p\[${FALLBACK_ATTRIBUTE}\] \{[^}]*border-left`),
    )
  })

  it('styles nothing but the widget tags and what is inside them', () => {
    const selectors = parseRules(css).flatMap((rule) => rule.selectors)
    expect(selectors.filter((s) => !/^\[data-widget(=|\])/.test(s))).toEqual([])
  })
})
