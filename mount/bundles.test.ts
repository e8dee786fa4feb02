import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { files } from 'virtual:wine-texts'
import { registry } from './registry'
import { EDITORIAL_WIDGETS, SITE_WIDGETS, textBundleOf } from './bundles'
import { namespacesIn, widgetNamespaces } from '../build/text-files'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The text files the build makes from the code (vite.config.ts, wine-texts plugin). */
describe('text files', () => {
  it.each(registry.map((d) => d.name))(
    '%s: its text file holds common and every namespace its components name',
    (name) => {
      const named = widgetNamespaces(root, name)
      expect(named.length).toBeGreaterThan(0)
      expect(files[textBundleOf(name)]).toEqual(expect.arrayContaining(['common', ...named]))
    },
  )

  it("follows imports out of the widget folder: the cart needs the login panel's texts", () => {
    const cart = widgetNamespaces(root, 'cart')
    expect(cart).toEqual(
      expect.arrayContaining(['cart', 'checkout', 'droplets', 'login', 'payment']),
    )
    // The hit card (src/ui) names `wine`; search imports it through its panel.
    expect(widgetNamespaces(root, 'search')).toEqual(expect.arrayContaining(['search', 'wine']))
    expect(widgetNamespaces(root, 'quotes')).toEqual(['quotes'])
    // It reaches src/i18n/i18n.ts, whose doc comment shows a call: that names nothing.
    expect(widgetNamespaces(root, 'carousel')).toEqual(['carousel', 'wine'])
  })

  it('reads the namespaces of useTranslation calls, one or a list', () => {
    const source = [
      "const { t } = useTranslation('cart')",
      'useTranslation([\'search\', "wine"], { i18n: i18nFor(locale) })',
      "// a call in a comment names nothing: useTranslation('quotes')",
      "/** also in a doc comment: useTranslation(['faq']) */",
      'useTranslation(ns)',
    ].join('\n')
    expect(namespacesIn(source).sort()).toEqual(['cart', 'search', 'wine'])
  })

  it('groups only registered widgets', () => {
    const names = registry.map((d) => d.name)
    expect(names).toEqual(expect.arrayContaining([...SITE_WIDGETS, ...EDITORIAL_WIDGETS]))
  })
})
