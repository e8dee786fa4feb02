import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type * as WineTexts from 'virtual:wine-texts'
import { loadPage } from '../../mocks/page'
import { WidgetTree } from '../../mount/root'
import { currentPage } from '../page/page-context'
import { i18nFor, loadNamespaces, loadTextFile } from './i18n'

// Dutch text files fail to import, as a file the network lost would.
vi.mock('virtual:wine-texts', async (importOriginal) => {
  const original = await importOriginal<typeof WineTexts>()
  return {
    ...original,
    load: (locale: 'en' | 'fr' | 'nl', file: string) =>
      locale === 'nl'
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : original.load(locale, file),
  }
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

/** The library's own console lines (React logs what its boundaries catch besides). */
const reported = () =>
  vi
    .mocked(console.error)
    .mock.calls.map(([line]) => String(line))
    .filter((line) => line.startsWith('[wine-widgets]'))

describe('the page i18next instance', () => {
  it('is one per page and locale: a fresh page has a fresh one, with nothing loaded', async () => {
    const fr = await loadNamespaces('fr', ['cart'])
    expect(i18nFor('fr')).toBe(fr)
    expect(i18nFor('en')).not.toBe(fr)
    expect(fr.t('cart.title')).toBe('Votre panier')
    loadPage()
    const next = i18nFor('fr')
    expect(next).not.toBe(fr)
    expect(next.hasResourceBundle('fr', 'cart')).toBe(false)
  })

  it("shares one store between a page's locales (a card in another locale reads it)", async () => {
    const fr = await loadNamespaces('fr', ['wine'])
    const en = await loadNamespaces('en', ['wine'])
    expect(fr.t('wine.red')).toBe('Rouge')
    expect(en.t('wine.red')).toBe('Red')
    expect(en.getFixedT('fr')('wine.red')).toBe('Rouge')
  })

  it('rejects a text file that cannot load, with the reason as the cause', async () => {
    const failure = loadTextFile('nl', 'cart')
    await expect(failure).rejects.toThrow(/^\[wine-widgets\] Texts failed to load: nl\//)
    await expect(failure).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }),
    })
  })
})

describe('a widget root', () => {
  it('throws a text read that fails after it rendered to its error boundary: one report', async () => {
    // The search panel's cards may speak another locale than the root's (the index's).
    function DutchCard() {
      const { t } = useTranslation('wine', { i18n: i18nFor('nl') })
      return <p>{t('wine.red')}</p>
    }
    const element = document.createElement('div')
    document.body.append(element)
    render(
      <WidgetTree
        page={currentPage()}
        client={new QueryClient()}
        i18n={await loadTextFile('fr', 'site')}
        locale="fr"
        name="search"
        Widget={DutchCard}
        props={{}}
        element={element}
      />,
      { container: element },
    )
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Un problème est survenu ici. Veuillez recharger la page.',
    )
    expect(screen.queryByText('wine.red')).toBeNull()
    expect(reported()).toEqual(['[wine-widgets] The "search" widget crashed'])
    expect(console.error).toHaveBeenCalledWith(
      '[wine-widgets] The "search" widget crashed',
      expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }),
    )
  })
})
