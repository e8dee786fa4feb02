import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { search as runSearch } from '../mocks/search-engine'
import { winesFor } from '../fixtures/wines'
import { expect, open, test, text, type Locale } from './helpers'

const FACETS = ['g.title', 'r.title', 'c.color', 'm.image', 't.image', 'price_level']

/** What the demo's search mock answers (the same engine and fixtures the browser worker uses). */
function expected(locale: Locale, query = '', facetFilters?: string[][]) {
  return runSearch(winesFor(locale), {
    query,
    facets: FACETS,
    hitsPerPage: 24,
    ...(facetFilters && { facetFilters }),
  })
}

/** "12 vins" / "1 vin", as the locale files say it. */
function countText(locale: Locale, n: number): string {
  const key = n === 1 || (locale === 'fr' && n === 0) ? 'search.count_one' : 'search.count_other'
  return text(locale, key).replace('{{count}}', String(n))
}

async function openSearch(page: Page, locale: Locale, path = `/${locale}/`) {
  await open(page, path)
  await page.getByRole('button', { name: text(locale, 'search.open') }).click()
  const dialog = page.getByRole('dialog', { name: text(locale, 'search.dialog') })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByRole('status').filter({ hasText: countText(locale, expected(locale).nbHits) }),
  ).toBeVisible()
  // The first wines may show before the panel (its preview, whose filters button is inert):
  // what follows is about the panel, which replaces the preview's list and buttons a moment later.
  await expect(dialog.locator('button[inert]')).toHaveCount(0)
  return dialog
}

const searchBox = (dialog: Locator, locale: Locale) =>
  dialog.getByRole('searchbox', { name: text(locale, 'search.inputLabel') })

/** Number of columns of the results grid as the browser lays it out. */
const columns = (dialog: Locator) =>
  dialog
    .getByRole('list')
    .filter({ has: dialog.page().getByRole('article') })
    .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length)

test.describe('search (fr, large screen)', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('typing refines the results, with counts', async ({ page }) => {
    const dialog = await openSearch(page, 'fr')
    const input = searchBox(dialog, 'fr')
    await expect(input).toBeFocused()
    await expect(input).toHaveAttribute('placeholder', 'Voyons voir...')
    await input.pressSequentially('merlot')
    const merlot = expected('fr', 'merlot')
    await expect(dialog.getByText(countText('fr', merlot.nbHits), { exact: true })).toBeVisible()
    await expect(dialog.getByRole('article')).toHaveCount(Math.min(24, merlot.nbHits))
    await expect(dialog.getByRole('article').first().getByRole('heading')).toHaveText(
      merlot.hits[0]!.title,
    )
    const grapes = dialog.getByRole('group', { name: 'Cépages' })
    const count = merlot.facets!['g.title']!['Merlot']!
    await expect(grapes.getByRole('checkbox', { name: `Merlot ${count}` })).toBeVisible()
  })

  test('refining by a grape, then reloading, restores the state from the URL', async ({ page }) => {
    const dialog = await openSearch(page, 'fr')
    const all = expected('fr')
    const count = all.facets!['g.title']!['Syrah']!
    await dialog
      .getByRole('group', { name: 'Cépages' })
      .getByRole('checkbox', { name: `Syrah ${count}` })
      .check()
    await expect(dialog.getByText(countText('fr', count), { exact: true })).toBeVisible()
    // The refinement is its own history entry once written (400 ms later); typing before that
    // would be part of the same entry.
    await expect(page).toHaveURL(/\/fr\/\?grape=Syrah$/)
    await searchBox(dialog, 'fr').pressSequentially('rh')
    const want = expected('fr', 'rh', [['g.title:Syrah']])
    await expect(dialog.getByText(countText('fr', want.nbHits), { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/fr\/\?q=rh&grape=Syrah$/)

    await page.reload()
    const restored = page.getByRole('dialog', { name: text('fr', 'search.dialog') })
    await expect(restored).toBeVisible()
    await expect(searchBox(restored, 'fr')).toHaveValue('rh')
    await expect(
      restored.getByRole('group', { name: 'Cépages' }).getByRole('checkbox', { name: /^Syrah/ }),
    ).toBeChecked()
    await expect(restored.getByText(countText('fr', want.nbHits), { exact: true })).toBeVisible()

    // Back goes to the previous search state, and closing cleans the URL.
    await page.goBack()
    await expect(searchBox(restored, 'fr')).toHaveValue('')
    await expect(restored.getByText(countText('fr', count), { exact: true })).toBeVisible()
    await restored
      .getByRole('button', { name: text('fr', 'search.close') })
      .first()
      .click()
    await expect(restored).toBeHidden()
    await expect(page).toHaveURL(/\/fr\/$/)
  })

  test('large screens: every refinement list on the left, 4 result columns, no toggles', async ({
    page,
  }) => {
    const dialog = await openSearch(page, 'fr')
    for (const name of ['Cépages', 'Régions', 'Couleurs', 'Méthodes', 'Types', 'Prix'])
      await expect(dialog.getByRole('group', { name })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Filtres' })).toBeHidden()
    await expect(dialog.getByRole('button', { name: 'Cépages' })).toBeHidden()
    expect(await columns(dialog)).toBe(4)
    const aside = await dialog.getByRole('complementary').boundingBox()
    const results = await dialog.getByRole('region', { name: 'Résultats' }).boundingBox()
    expect(aside!.x).toBeLessThan(results!.x)
  })

  test('the open modal has no WCAG 2 A/AA violations', async ({ page }) => {
    await openSearch(page, 'fr')
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })
})

test.describe('search (small and medium screens)', () => {
  test('small screens: the filter button shows the bar, one panel at a time, 2 columns', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const dialog = await openSearch(page, 'nl')
    const filters = dialog.getByRole('button', { name: 'Filters' })
    await expect(filters).toBeVisible()
    await expect(dialog.getByRole('complementary')).toBeHidden()
    expect(await columns(dialog)).toBe(2)

    await filters.click()
    const grapesButton = dialog.getByRole('button', { name: 'Druiven' })
    await expect(grapesButton).toBeVisible()
    await expect(dialog.getByRole('group', { name: 'Druiven' })).toBeHidden()
    await grapesButton.click()
    await expect(dialog.getByRole('group', { name: 'Druiven' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Prijs' }).click()
    await expect(dialog.getByRole('group', { name: 'Druiven' })).toBeHidden()
    await expect(dialog.getByRole('group', { name: 'Prijs' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Prijs' }).click()
    await expect(dialog.getByRole('group', { name: 'Prijs' })).toBeHidden()
    await dialog.getByRole('button', { name: text('nl', 'search.hideFilters') }).click()
    await expect(dialog.getByRole('complementary')).toBeHidden()
  })

  test('small screens: the hidden lists’ badge images load when their panel opens, not before', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const dialog = await openSearch(page, 'en')
    await page.waitForLoadState('networkidle')
    const methods = dialog.getByRole('group', {
      name: text('en', 'search.methods'),
      includeHidden: true,
    })
    // The cards' own badges are shown, so loaded; the lists' other pictures wait.
    const onCards = await dialog
      .getByRole('article')
      .locator('img')
      .evaluateAll((images: HTMLImageElement[]) => images.map((img) => img.src))
    const loaded = () =>
      methods
        .locator('img')
        .evaluateAll(
          (images: HTMLImageElement[], shown: string[]) =>
            images.filter((img) => !shown.includes(img.src)).map((img) => img.naturalWidth > 0),
          onCards,
        )
    // Each image loaded (an SVG is a document parsed on the main thread) held back the results.
    const before = await loaded()
    expect(before.length).toBeGreaterThan(0)
    expect(before).not.toContain(true)

    await dialog.getByRole('button', { name: 'Filters' }).click()
    await dialog.getByRole('button', { name: text('en', 'search.methods') }).click()
    await expect(methods).toBeVisible()
    await expect.poll(loaded).not.toContain(false)
  })

  test('medium screens: 3 result columns', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 })
    const dialog = await openSearch(page, 'en')
    expect(await columns(dialog)).toBe(3)
  })
})

test.describe('search modal focus', () => {
  test('keyboard: opens from the header button, keeps focus inside, Escape returns it', async ({
    page,
  }) => {
    await open(page, '/en/')
    const trigger = page.getByRole('button', { name: text('en', 'search.open') })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
    await expect(searchBox(dialog, 'en')).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    )
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    )
  })

  test('the click alone shows the kept dialog; Escape in that frame closes it for good', async ({
    page,
  }) => {
    await open(page, '/en/')
    // The closed dialog kept in the page once it is idle.
    await page.waitForFunction(() => document.querySelector('[role="dialog"]') !== null)
    const name = text('en', 'search.open')
    const inTheTap = await page.evaluate((label) => {
      const trigger = document.querySelector<HTMLElement>(`button[aria-label="${label}"]`)!
      trigger.focus()
      trigger.click()
      // Read before any other task or microtask: what the click's own handler did.
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!
      const shown = dialog.checkVisibility({ visibilityProperty: true })
      const focused = dialog.contains(document.activeElement)
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      )
      return { shown, focused, closed: !dialog.checkVisibility({ visibilityProperty: true }) }
    }, name)
    expect(inTheTap).toEqual({ shown: true, focused: true, closed: true })
    const trigger = page.getByRole('button', { name })
    await expect(trigger).toBeFocused()
    // Neither the render nor the scroll lock planned after the tap's paint comes.
    await page.waitForTimeout(300)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    )
    // A tap then opens it whole.
    await trigger.click()
    const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
    await expect(searchBox(dialog, 'en')).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    )
  })

  test('Shift+Tab on the first button shown wraps to the last, Tab back (large screen)', async ({
    page,
  }) => {
    // The filters button comes first in the page but is not shown on large screens: the wrap
    // must skip it, or the focus leaves the dialog for the page behind.
    await page.setViewportSize({ width: 1280, height: 900 })
    const dialog = await openSearch(page, 'en')
    await expect(searchBox(dialog, 'en')).toBeFocused()
    // The cards past the first rows and the button after them come in a transition after the
    // first results: until then the last element shown is a card, and Tab from it goes on to the
    // cards drawn since.
    await expect(dialog.getByRole('button', { name: text('en', 'search.moreHits') })).toBeVisible()
    const sommelier = dialog.getByRole('button', { name: text('en', 'search.sommelier') })
    await page.keyboard.press('Shift+Tab')
    await expect(sommelier).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    const last = await dialog.evaluate((d) => {
      const active = document.activeElement
      return { inside: d.contains(active), shown: !!active && active.getClientRects().length > 0 }
    })
    expect(last).toEqual({ inside: true, shown: true })
    await page.keyboard.press('Tab')
    await expect(sommelier).toBeFocused()
  })

  test('the sommelier button swaps to sommelier mode and back', async ({ page }) => {
    const dialog = await openSearch(page, 'fr')
    await searchBox(dialog, 'fr').pressSequentially('gamay')
    await dialog.getByRole('button', { name: text('fr', 'search.sommelier') }).click()
    const sommelier = page.getByRole('dialog', { name: text('fr', 'search.sommelierDialog') })
    await expect(sommelier.locator('[data-sommelier-slot]')).toBeVisible()
    await expect(sommelier.getByRole('searchbox')).toBeHidden()
    // The sommelier chat (its own widget, mounted in the slot) brings the way back to search.
    await sommelier.getByRole('button', { name: text('fr', 'sommelier.toSearch') }).click()
    const back = page.getByRole('dialog', { name: text('fr', 'search.dialog') })
    await expect(searchBox(back, 'fr')).toBeFocused()
    await expect(searchBox(back, 'fr')).toHaveValue('gamay')
    await page.keyboard.press('Escape')
    await expect(back).toBeHidden()
  })
})

test.describe('the first wines, before the panel', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`show before the panel renders and stay in place when it takes over (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      // The panel's chunk waits until the first search has answered: the wines are drawn (with
      // the chunk's card) before the panel's tree, however fast the machine.
      let releasePanel: () => void = () => undefined
      const panelHeld = new Promise<void>((resolve) => (releasePanel = resolve))
      await page.context().route(/\/SearchPanel-[^/]*\.js$/, async (route) => {
        await panelHeld
        await route.continue()
      })
      await open(page, '/en/')
      // Where the first card's title and the search field are in the dialog each time it
      // changes: the dialog itself rises into place (its entrance), and a fast machine draws the
      // first wines before that ends.
      await page.evaluate(() => {
        const places: unknown[] = []
        ;(window as unknown as { places: unknown[] }).places = places
        new MutationObserver(() => {
          const dialog = document.querySelector('[role="dialog"]')
          const title = dialog?.querySelector('article h3')
          const field = dialog?.querySelector('input[type="search"]')
          if (!dialog || !title || !field) return
          // To a tenth of a pixel: mid-rise, the subtraction leaves float dust (378.0000084).
          const tenth = (value: number) => Math.round(value * 10) / 10
          const origin = dialog.getBoundingClientRect()
          const at = (el: Element) => {
            const { x, y, width, height } = el.getBoundingClientRect()
            return {
              x: tenth(x - origin.x),
              y: tenth(y - origin.y),
              width: tenth(width),
              height: tenth(height),
            }
          }
          const place = JSON.stringify({
            title: title.textContent,
            card: at(title),
            field: at(field),
            // The preview's filters button waits for the panel (inert); the panel's works.
            live: dialog.querySelector('button[inert]') === null,
          })
          if (places.at(-1) !== place) places.push(place)
        }).observe(document.body, { childList: true, subtree: true, attributes: true })
      })
      const answered = page.waitForResponse((r) => r.url().includes('/queries'))
      await page.getByRole('button', { name: text('en', 'search.open') }).click()
      const dialog = page.getByRole('dialog', { name: text('en', 'search.dialog') })
      await answered
      releasePanel()
      await expect(searchBox(dialog, 'en')).toBeFocused()
      await expect(dialog.getByRole('article')).toHaveCount(24)

      interface Place {
        title: string
        card: DOMRect
        field: DOMRect
        live: boolean
      }
      const places = (
        await page.evaluate(() => (window as unknown as { places: string[] }).places)
      ).map((place) => JSON.parse(place) as Place)
      // First drawn by the preview, last by the panel, the boxes never moved.
      expect(places[0]).toMatchObject({ live: false })
      expect(places.at(-1)).toMatchObject({ live: true })
      const boxes = places.map(({ title, card, field }) => ({ title, card, field }))
      for (const box of boxes) expect(box).toEqual(boxes[0])
    })
  }
})

test.describe('a search that finds nothing', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('reaches the sommelier with the question typed, after the login (fr)', async ({ page }) => {
    const dialog = await openSearch(page, 'fr')
    const question = 'zzqxy lambrusco unicorn'
    expect(expected('fr', question).nbHits).toBe(0)
    await searchBox(dialog, 'fr').fill(question)
    await expect(dialog.getByText(text('fr', 'search.noHits'))).toBeVisible()
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
    const ask = text('fr', 'search.askSommelier').replace('{{query}}', question)
    await dialog.getByRole('button', { name: ask }).click()
    const sommelier = page.getByRole('dialog', { name: text('fr', 'search.sommelierDialog') })
    // A visitor gets the login form, as from the sommelier button; the question waits for it.
    await sommelier.getByLabel(text('fr', 'login.email')).fill('claire@example.com')
    await sommelier.getByLabel(text('fr', 'login.password'), { exact: true }).fill('droplets-420')
    await sommelier.getByRole('button', { name: text('fr', 'login.submit'), exact: true }).click()
    await expect(
      sommelier.getByRole('textbox', { name: text('fr', 'sommelier.inputLabel') }),
    ).toHaveValue(question)
  })
})
