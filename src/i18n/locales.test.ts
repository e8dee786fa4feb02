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
  it('en, fr and nl have the same keys, but the plural forms only French has', () => {
    const [e, f, n] = [en, fr, nl].map((l) => keys(l).sort())
    expect(n).toEqual(e)
    // French names a million and more "many" ("1 000 000 de vins"); i18next reads `_many` then.
    expect(f?.filter((k) => !e?.includes(k))).toEqual([
      'search.count_many',
      'sommelier.errorRateLimited_many',
    ])
    expect(e?.filter((k) => !f?.includes(k))).toEqual([])
  })

  it('counts in each locale by its plural rules, through i18next', async () => {
    const fr = await getT('fr', ['search'])
    expect(fr('search.count', { count: 0 })).toBe('0 vin')
    expect(fr('search.count', { count: 1 })).toBe('1 vin')
    expect(fr('search.count', { count: 2 })).toBe('2 vins')
    expect(fr('search.count', { count: 1_000_000 })).toBe('1000000 de vins')
    const nl = await getT('nl', ['search'])
    expect(nl('search.count', { count: 0 })).toBe('0 wijnen')
    expect(nl('search.count', { count: 1 })).toBe('1 wijn')
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
    expect(t('common.crashed')).toBe('Hier ging iets mis. Herlaad de pagina.')
    expect((await getT('fr'))('common.crashed')).toBe(
      'Un problème est survenu ici. Veuillez recharger la page.',
    )
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
