import type { Locator, Page } from '@playwright/test'
import { LOCALES, expect, open, test, text, type Locale } from './helpers'

/**
 * An amount as the locale writes it in EUR: en-BE "€1,955.00", fr-BE "1 955,00 €",
 * nl-BE "€ 1.955,00". The grouping character varies between ICU versions, so any is accepted.
 */
function money(value: number, locale: Locale): RegExp {
  const [int = '', cents = ''] = value.toFixed(2).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s.,\u00a0\u202f]?')
  const decimal = locale === 'en' ? '\\.' : ','
  return new RegExp(`(^|[^\\d])${grouped}${decimal}${cents}([^\\d]|$)`)
}

interface Choice {
  gifts: string
  bottles: '1' | '2' | '3' | '4' | '6'
  box: 'thick' | 'thin'
  colours: '1' | '2' | '4'
  letter: boolean
}

async function choose(page: Page, locale: Locale, c: Choice) {
  const form = page.locator('[data-widget="giftbox"] form')
  await form.getByLabel(text(locale, 'giftbox.gifts')).fill(c.gifts)
  await form.getByLabel(text(locale, 'giftbox.bottles')).selectOption(c.bottles)
  const boxLabel = c.box === 'thick' ? 'giftbox.boxThick' : 'giftbox.boxThin'
  await form
    .getByRole('group', { name: text(locale, 'giftbox.box') })
    .getByLabel(text(locale, boxLabel))
    .check()
  await form
    .getByRole('group', { name: text(locale, 'giftbox.colours') })
    .getByLabel(c.colours, { exact: true })
    .check()
  await form.getByLabel(text(locale, 'giftbox.letter')).setChecked(c.letter)
}

function figure(page: Page, locale: Locale, key: string): Locator {
  return page
    .getByRole('region', { name: text(locale, 'giftbox.result') })
    .locator('dl > div')
    .filter({ has: page.getByText(text(locale, key), { exact: true }) })
    .locator('dd')
}

/** The gift box price, worked by hand: total = gifts × box + 75 × colours + gifts × tier × colours + letters. */
const CASES: { choice: Choice; lines: Record<string, number>; total: number; perGift: number }[] = [
  {
    // 10 × 3 + 75 × 1 + 10 × 0.75 × 1
    choice: { gifts: '10', bottles: '1', box: 'thin', colours: '1', letter: false },
    lines: { boxes: 30, filmAndSetup: 75, printing: 7.5, letters: 0 },
    total: 112.5,
    perGift: 11.25,
  },
  {
    // 100 × 11 × 1.5 + 75 × 2 + 100 × 0.65 × 2 + 100 × 0.25
    choice: { gifts: '100', bottles: '6', box: 'thick', colours: '2', letter: true },
    lines: { boxes: 1650, filmAndSetup: 150, printing: 130, letters: 25 },
    total: 1955,
    perGift: 19.55,
  },
  {
    // 501 × 7 + 75 × 4 + 501 × 0.4 × 4
    choice: { gifts: '501', bottles: '3', box: 'thin', colours: '4', letter: false },
    lines: { boxes: 3507, filmAndSetup: 300, printing: 801.6, letters: 0 },
    total: 4608.6,
    perGift: 9.2,
  },
]

for (const locale of LOCALES) {
  test.describe(`giftbox (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await open(page, `/${locale}/giftbox`)
      await expect(page.getByRole('heading', { name: text(locale, 'giftbox.title') })).toBeVisible()
    })

    for (const { choice, lines, total, perGift } of CASES) {
      test(`estimates ${choice.gifts} gifts of ${choice.bottles} bottle(s), ${choice.box} box, ${choice.colours} colour(s)${choice.letter ? ', letter' : ''}`, async ({
        page,
      }) => {
        await choose(page, locale, choice)
        for (const [key, value] of Object.entries(lines)) {
          await expect(figure(page, locale, `giftbox.${key}`)).toHaveText(money(value, locale))
        }
        await expect(figure(page, locale, 'giftbox.total')).toHaveText(money(total, locale))
        await expect(figure(page, locale, 'giftbox.total')).toContainText('€')
        await expect(figure(page, locale, 'giftbox.perGift')).toHaveText(money(perGift, locale))
      })
    }

    test('shows dashes while there are no gifts, and turns 0 into 1 on leaving the field', async ({
      page,
    }) => {
      const gifts = page.getByLabel(text(locale, 'giftbox.gifts'))
      for (const value of ['0', '']) {
        await gifts.fill(value)
        for (const key of ['total', 'perGift', 'boxes', 'printing']) {
          await expect(figure(page, locale, `giftbox.${key}`)).toHaveText(/^\s*[–-]\s*$/)
        }
        await expect(page.getByText(text(locale, 'giftbox.noGifts'))).toBeVisible()
      }
      await gifts.fill('0')
      await gifts.blur()
      await expect(gifts).toHaveValue('1')
      await expect(figure(page, locale, 'giftbox.total')).toHaveText(/\d/)
    })
  })
}

test('widget text uses the page’s font, or the one a host sets in --wine-widgets-font', async ({
  page,
}) => {
  await open(page, '/en/giftbox')
  const fonts = () =>
    page.evaluate(() => ({
      page: getComputedStyle(document.querySelector('main')!).fontFamily,
      widget: getComputedStyle(document.querySelector('[data-widget="giftbox"] label')!).fontFamily,
    }))
  const inherited = await fonts()
  expect(inherited.widget).toBe(inherited.page)
  await page.addStyleTag({ content: ':root { --wine-widgets-font: Georgia, serif; }' })
  expect((await fonts()).widget).toBe('Georgia, serif')
})
