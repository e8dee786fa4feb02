import { describe, expect, it } from 'vitest'
import { files } from 'virtual:wine-texts'
import { registry } from './registry'
import { EDITORIAL_WIDGETS, SITE_WIDGETS, textBundleOf } from './bundles'

/** The text files the build makes from the definitions (vite.config.ts, wine-texts plugin). */
describe('text files', () => {
  it.each(registry.map((d) => [d.name, d.texts ?? []] as const))(
    '%s: its text file holds every namespace its definition lists, and common',
    (name, texts) => {
      expect(files[textBundleOf(name)]).toEqual(expect.arrayContaining(['common', ...texts]))
    },
  )

  it('groups only registered widgets', () => {
    const names = registry.map((d) => d.name)
    expect(names).toEqual(expect.arrayContaining([...SITE_WIDGETS, ...EDITORIAL_WIDGETS]))
  })
})
