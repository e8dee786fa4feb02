import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Locale } from '../../src/domain/types'
import { renderWidget } from '../../mocks/render-widget'
import { giftbox } from './index'

/** Intl puts (narrow) no-break spaces in amounts; compare with plain spaces. */
const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()

/** The result region: the polite live region titled "Your estimate" / … */
function results() {
  const live = screen.getAllByRole('region').filter((r) => r.getAttribute('aria-live') === 'polite')
  expect(live).toHaveLength(1)
  return live[0]!
}

/** The figure shown next to a label in the estimate. */
function figure(label: string): string {
  const term = within(results()).getByText(label, { selector: 'dt' })
  return plain(term.nextElementSibling?.textContent)
}

/** The estimate's labels in the order shown: boxes, film and set-up, printing, letters, totals. */
const FIGURE_LABELS = {
  fr: [
    'Caisses',
    "Film et calage d'impression",
    'Impression du logo',
    'Lettres',
    'Total',
    'Par cadeau',
  ],
  nl: ['Kisten', 'Film en drukvoorbereiding', 'Logodruk', 'Brieven', 'Totaal', 'Per geschenk'],
}

/** Checks every figure of the estimate: `values` in the order of FIGURE_LABELS. */
function expectFigures(locale: keyof typeof FIGURE_LABELS, values: string[]) {
  const labels = FIGURE_LABELS[locale]
  expect(values).toHaveLength(labels.length)
  labels.forEach((label, i) => expect(figure(label), label).toBe(values[i]))
}

interface Choice {
  gifts: string
  bottles: string
  thick: boolean
  colours: string
  letter: boolean
}

const LABELS: Record<Locale, Record<string, string>> = {
  en: {
    gifts: 'Number of gifts',
    bottles: 'Bottles per gift',
    thick: 'Thick wood, sliding lid',
    thin: 'Thin wood, nailed lid',
    colours: 'Logo colours',
    letter: 'Add an accompanying letter',
  },
  fr: {
    gifts: 'Nombre de cadeaux',
    bottles: 'Bouteilles par cadeau',
    thick: 'Bois épais, couvercle coulissant',
    thin: 'Bois fin, couvercle cloué',
    colours: 'Couleurs du logo',
    letter: "Ajouter une lettre d'accompagnement",
  },
  nl: {
    gifts: 'Aantal geschenken',
    bottles: 'Flessen per geschenk',
    thick: 'Dik hout, schuifdeksel',
    thin: 'Dun hout, genageld deksel',
    colours: 'Logokleuren',
    letter: 'Begeleidende brief toevoegen',
  },
}

/** Sets every control; the number of gifts last, so the field keeps focus (no blur yet). */
async function fill(locale: Locale, choice: Choice) {
  const user = userEvent.setup()
  const l = LABELS[locale]
  await user.selectOptions(screen.getByRole('combobox', { name: l.bottles }), choice.bottles)
  await user.click(screen.getByRole('radio', { name: choice.thick ? l.thick : l.thin }))
  const colours = screen.getByRole('group', { name: l.colours })
  await user.click(within(colours).getByRole('radio', { name: choice.colours }))
  const letter = screen.getByRole('checkbox', { name: l.letter })
  if (letter.matches(':checked') !== choice.letter) await user.click(letter)
  const gifts = screen.getByRole('spinbutton', { name: l.gifts })
  await user.clear(gifts)
  if (choice.gifts) await user.type(gifts, choice.gifts)
  return user
}

describe('giftbox widget', () => {
  it('has a titled form with labelled controls and a polite live region for the result (fr)', async () => {
    await renderWidget(giftbox, { locale: 'fr' })
    expect(
      screen.getByRole('heading', { name: "Estimation de cadeaux d'affaires" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Nombre de cadeaux' })).toBeInTheDocument()
    const bottles = screen.getByRole('combobox', { name: 'Bouteilles par cadeau' })
    expect(
      within(bottles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '6'])
    expect(screen.getByRole('group', { name: 'Type de caisse' })).toBeInTheDocument()
    const colours = screen.getByRole('group', { name: 'Couleurs du logo' })
    expect(
      within(colours)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '4'])
    expect(screen.getByRole('region', { name: 'Votre estimation' })).toHaveAttribute(
      'aria-live',
      'polite',
    )
  })

  it('10 gifts × 2 bottles, thin box, 1 colour, no letter: 50 + 75 + 7,50 = 132,50 €, 13,25 € per gift (fr)', async () => {
    await renderWidget(giftbox, { locale: 'fr' })
    await fill('fr', { gifts: '10', bottles: '2', thick: false, colours: '1', letter: false })
    expectFigures('fr', ['50,00 €', '75,00 €', '7,50 €', '0,00 €', '132,50 €', '13,25 €'])
  })

  it('100 gifts × 6 bottles, thick box, 4 colours, letter: € 2.235,00, € 22,35 per gift (nl)', async () => {
    await renderWidget(giftbox, { locale: 'nl' })
    await fill('nl', { gifts: '100', bottles: '6', thick: true, colours: '4', letter: true })
    // 100 × 11 × 1,5 = 1650; (50 + 25) × 4 = 300; 100 × 0,65 × 4 = 260; 100 × 0,25 = 25
    expectFigures('nl', ['€ 1.650,00', '€ 300,00', '€ 260,00', '€ 25,00', '€ 2.235,00', '€ 22,35'])
  })

  it('501 gifts × 3 bottles, thin box, 2 colours, no letter: tier 0.40 (fr)', async () => {
    await renderWidget(giftbox, { locale: 'fr' })
    await fill('fr', { gifts: '501', bottles: '3', thick: false, colours: '2', letter: false })
    // 501 × 7 = 3507; 150; 501 × 0,4 × 2 = 400,80 → 4057,80; / 501 = 8,099… → 8,10
    expect(figure('Total')).toBe('4 057,80 €')
    expect(figure('Par cadeau')).toBe('8,10 €')
  })

  it('51 gifts × 1 bottle, thick box, 1 colour, letter: €350.40, €6.87 per gift (en)', async () => {
    await renderWidget(giftbox, { locale: 'en' })
    await fill('en', { gifts: '51', bottles: '1', thick: true, colours: '1', letter: true })
    // 51 × 4.5 = 229.50; 75; 51 × 0.65 = 33.15; 51 × 0.25 = 12.75 → 350.40; / 51 = 6.87
    expect(figure('Total')).toBe('€350.40')
    expect(figure('Per gift')).toBe('€6.87')
  })

  it.each<[Locale, string, string]>([
    ['fr', '0', 'Total'],
    ['nl', '', 'Totaal'],
  ])('shows dashes for every figure with %s gifts "%s"', async (locale, gifts, totalLabel) => {
    await renderWidget(giftbox, { locale })
    await fill(locale, { gifts, bottles: '4', thick: true, colours: '2', letter: true })
    const values = within(results())
      .getAllByRole('definition')
      .map((dd) => plain(dd.textContent))
    expect(values).toHaveLength(6)
    for (const value of values) expect(value).toMatch(/^[–-]$/)
    expect(figure(totalLabel)).toMatch(/^[–-]$/)
    expect(results()).toHaveTextContent(
      locale === 'fr'
        ? "Indiquez le nombre de cadeaux pour voir l'estimation."
        : 'Vul het aantal geschenken in om de raming te zien.',
    )
  })

  it.each([
    ['abc', 'fr'],
    ['0', 'fr'],
    ['-4', 'nl'],
    ['', 'nl'],
  ] as const)('on leaving the field "%s" becomes 1 gift (%s)', async (typed, locale) => {
    await renderWidget(giftbox, { locale })
    const user = await fill(locale, {
      gifts: typed,
      bottles: '1',
      thick: false,
      colours: '1',
      letter: false,
    })
    const input = screen.getByRole('spinbutton', { name: LABELS[locale].gifts })
    await user.tab()
    expect(input).not.toHaveFocus()
    expect(input).toHaveValue(1)
    // 1 × 3 + 75 + 0.75 = 78.75
    expect(figure(locale === 'fr' ? 'Total' : 'Totaal')).toBe(
      locale === 'fr' ? '78,75 €' : '€ 78,75',
    )
  })

  it('keeps a valid number when the field is left (nl)', async () => {
    await renderWidget(giftbox, { locale: 'nl' })
    const user = await fill('nl', {
      gifts: '40',
      bottles: '1',
      thick: false,
      colours: '1',
      letter: false,
    })
    const input = screen.getByRole('spinbutton', { name: 'Aantal geschenken' })
    expect(input).toHaveFocus()
    await user.tab()
    expect(input).toHaveValue(40)
  })
})
