import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as WineTexts from 'virtual:wine-texts'

// The text files the page imports, as the browser would request them.
vi.mock('virtual:wine-texts', async (importOriginal) => {
  const original = await importOriginal<typeof WineTexts>()
  return { ...original, load: vi.fn(original.load) }
})

beforeEach(() => {
  vi.resetModules() // a fresh page: no text loaded yet
})

describe('loadTextFile', () => {
  // A widget's text file holds `common` and namespaces that other files hold too (`login`,
  // `wine`): one request must bring all of them, not other files for the shared namespaces
  // (a round trip more before every widget's first render).
  it.each(['site', 'editorial', 'cart', 'wine-tabs', 'account'])(
    'reads every namespace of "%s" from that file alone',
    async (file) => {
      const { files, load } = await import('virtual:wine-texts')
      const { loadTextFile } = await import('./i18n')
      const i18n = await loadTextFile('fr', file)
      expect(new Set(vi.mocked(load).mock.calls.map(([, f]) => f))).toEqual(new Set([file]))
      for (const ns of files[file] ?? []) expect(i18n.hasResourceBundle('fr', ns)).toBe(true)
    },
  )

  it('a file that cannot load fails with the namespaces it misses', async () => {
    const { load } = await import('virtual:wine-texts')
    const { loadTextFile } = await import('./i18n')
    vi.mocked(load).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    await expect(loadTextFile('nl', 'editorial')).rejects.toThrow(/Texts failed to load: nl\//)
  })
})
