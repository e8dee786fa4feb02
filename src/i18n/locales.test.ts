import { describe, expect, it, vi } from 'vitest'
import en from '../../locales/en.json'
import fr from '../../locales/fr.json'
import nl from '../../locales/nl.json'
import { getT, loadNamespaces } from './i18n'

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix]
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('locales', () => {
  it('en, fr and nl have exactly the same keys', () => {
    const [e, f, n] = [en, fr, nl].map((l) => keys(l).sort())
    expect(f).toEqual(e)
    expect(n).toEqual(e)
  })

  it('has no empty text', () => {
    for (const locale of [en, fr, nl]) {
      const empty = keys(locale).filter((k) => {
        const value = k
          .split('.')
          .reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], locale)
        return typeof value !== 'string' || value.trim() === ''
      })
      expect(empty).toEqual([])
    }
  })

  it('loads a locale lazily and translates in it', async () => {
    const t = await getT('nl')
    expect(t('common.close')).toBe('Sluiten')
    expect((await getT('fr'))('common.close')).toBe('Fermer')
  })

  it('reports a missing text as a texts error once, and shows its key', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const t = await getT('fr')
    expect(t('common.noSuchText')).toBe('common.noSuchText')
    expect(t('common.noSuchText')).toBe('common.noSuchText')
    expect(error.mock.calls.map(([line]) => String(line))).toEqual([
      '[wine-widgets] Missing text "common.noSuchText" (fr)',
    ])
  })

  it('rejects a namespace that failed to load, with the reason as the cause (a load cut short by leaving is then recognised)', async () => {
    const failure = loadNamespaces('en', ['common', 'no-such-namespace'])
    await expect(failure).rejects.toThrow('Texts failed to load: en/no-such-namespace')
    await expect(failure).rejects.toMatchObject({
      cause: expect.objectContaining({
        message: expect.stringContaining('Unknown text namespace'),
      }),
    })
  })
})
