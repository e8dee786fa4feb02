import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { loadNamespaces } from '../../i18n/i18n'
import { LocaleContext } from '../../i18n/locale-context'
import type { Locale } from '../../domain/types'
import { normalizeHit, type WineHit } from '../../domain/wine-hit'
import { winesFor } from '../../../fixtures/wines'
import { HitCard } from './HitCard'

async function renderCard(hit: WineHit, locale: Locale, rootLocale: Locale = locale) {
  await loadNamespaces(locale)
  const texts = await loadNamespaces(rootLocale)
  const wrap = (node: ReactNode) => (
    <I18nextProvider i18n={texts}>
      <LocaleContext.Provider value={rootLocale}>{node}</LocaleContext.Provider>
    </I18nextProvider>
  )
  return render(wrap(<HitCard hit={hit} locale={locale} />))
}

const base: WineHit = {
  objectID: '1',
  title: 'Clos des Fées',
  url: '/fr/vins/clos-des-fees',
  e: 'Domaine du Clos des Fées',
  r: [{ title: 'Roussillon' }, { title: 'Côtes du Roussillon' }],
  g: [{ title: 'Grenache' }, { title: 'Syrah' }],
  c: { title: 'Rouge', color: 'red-7b1e2b' },
  t: [{ title: 'Pétillant', image: '/assets/badges/type-sparkling.svg' }],
  m: [
    { title: 'Biodynamie', image: '/assets/badges/method-biodynamic.svg' },
    { title: 'Bio', image: '/assets/badges/method-organic.svg' },
  ],
  label: ['/assets/labels/label-03.svg'],
  price_level: 3,
  odooCode: 'W10001',
}

describe('HitCard', () => {
  it('shows title link, estate, regions, grapes and the label image (fr)', async () => {
    await renderCard(base, 'fr')
    const card = screen.getByRole('article')
    const link = within(card).getByRole('link', { name: 'Clos des Fées' })
    expect(link).toHaveAttribute('href', '/fr/vins/clos-des-fees')
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Clos des Fées' }),
    ).toBeInTheDocument()
    expect(within(card).getByText('Domaine du Clos des Fées')).toBeInTheDocument()
    expect(card).toHaveTextContent('Région : Roussillon · Côtes du Roussillon')
    expect(card).toHaveTextContent('Cépages : Grenache, Syrah')
    const label = within(card).getByRole('img', { name: 'Étiquette de Clos des Fées' })
    expect(label).toHaveAttribute('src', '/assets/labels/label-03.svg')
  })

  it.each<[Locale, string, string[], string]>([
    ['fr', 'Couleur : Rouge', ['Pétillant', 'Biodynamie', 'Bio'], 'Niveau de prix 3 sur 4'],
    ['en', 'Colour: Red', ['Sparkling', 'Biodynamic', 'Organic'], 'Price level 3 of 4'],
    ['nl', 'Kleur: Rood', ['Mousserend', 'Biodynamisch', 'Biologisch'], 'Prijsniveau 3 van 4'],
  ])('translates colour, badges and price level (%s)', async (locale, color, badges, price) => {
    await renderCard(base, locale)
    expect(screen.getByRole('img', { name: color })).toHaveAttribute('data-color', 'red')
    for (const name of badges) expect(screen.getByRole('img', { name })).toBeInTheDocument()
    const level = screen.getByRole('img', { name: price })
    expect(level).toHaveTextContent(/^€€€$/)
  })

  it.each([
    ['yellow-e8d27c', 'Couleur : Blanc', 'yellow'],
    ['amber-d98b2b', 'Couleur : Orange', 'amber'],
    ['pink-f2a7b5', 'Couleur : Rosé', 'pink'],
  ])('takes the colour dot from the part before the dash: %s', async (value, name, color) => {
    await renderCard({ ...base, c: { title: 'x', color: value } }, 'fr')
    expect(screen.getByRole('img', { name })).toHaveAttribute('data-color', color)
  })

  it('shows no colour dot for an unknown colour', async () => {
    await renderCard({ ...base, c: { title: 'Violet', color: 'purple-1' } }, 'fr')
    expect(screen.queryByRole('img', { name: /Couleur/ })).not.toBeInTheDocument()
  })

  it('uses the card locale, not the root locale', async () => {
    await renderCard(base, 'nl', 'fr')
    expect(screen.getByRole('img', { name: 'Kleur: Rood' })).toBeInTheDocument()
  })

  it('draws the fallback label when the wine has none', async () => {
    const { container } = await renderCard({ ...base, label: [] }, 'fr')
    expect(screen.queryByRole('img', { name: /Étiquette/ })).not.toBeInTheDocument()
    expect(container.querySelector('svg[data-label-fallback]')).toBeInTheDocument()
  })

  it('switches to the fallback when the label picture fails to load', async () => {
    const { container } = await renderCard(base, 'fr')
    fireEvent.error(screen.getByRole('img', { name: 'Étiquette de Clos des Fées' }))
    expect(screen.queryByRole('img', { name: /Étiquette/ })).not.toBeInTheDocument()
    expect(container.querySelector('svg[data-label-fallback]')).toBeInTheDocument()
  })

  it('shows 1 to 4 euro signs', async () => {
    for (const level of [1, 2, 4] as const) {
      const { unmount } = await renderCard({ ...base, price_level: level }, 'en')
      expect(screen.getByRole('img', { name: `Price level ${level} of 4` })).toHaveTextContent(
        '€'.repeat(level),
      )
      unmount()
    }
  })

  it('falls back to the record title for an unknown badge', async () => {
    await renderCard(
      { ...base, t: [], m: [{ title: 'Végane', image: '/assets/badges/method-vegan.svg' }] },
      'fr',
    )
    expect(screen.getByRole('img', { name: 'Végane' })).toBeInTheDocument()
  })

  it('renders server text as text, never as HTML, and drops unsafe links', async () => {
    const hit = normalizeHit({
      objectID: 'x',
      title: '<img src=x onerror=alert(1)>',
      url: 'javascript:alert(1)',
      e: '<b>Estate</b>',
      r: [{ title: '<i>Loire</i>' }],
    })!
    const { container } = await renderCard(hit, 'fr')
    expect(
      screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByText('<b>Estate</b>')).toBeInTheDocument()
    expect(container.querySelector('b, i, img[src="x"]')).toBeNull()
  })

  it('renders a fixture wine of the nl index', async () => {
    const record = winesFor('nl').find((w) => w.m.length > 0 && w.label)!
    await renderCard(normalizeHit(record)!, 'nl')
    expect(screen.getByRole('link', { name: record.title })).toHaveAttribute('href', record.url)
    expect(screen.getAllByRole('img').length).toBeGreaterThanOrEqual(3)
  })
})
