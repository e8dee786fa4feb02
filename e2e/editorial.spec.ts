import type { Page } from '@playwright/test'
import { LOCALES, expect, open, test, text, widgetsSettled, type Locale } from './helpers'

/** The collection index pages at their localized names (fixtures/reference.ts). */
const SLUGS = {
  regions: { en: 'regions', fr: 'regions', nl: 'regios' },
  grapes: { en: 'grapes', fr: 'cepages', nl: 'druiven' },
  estates: { en: 'estates', fr: 'domaines', nl: 'domeinen' },
  bundles: { en: 'bundles', fr: 'coffrets', nl: 'pakketten' },
  articles: { en: 'articles', fr: 'articles', nl: 'artikels' },
} as const
type Collection = keyof typeof SLUGS

interface Entry {
  title: string
  url: string
  level?: { key: string }
}

/** The collection as the (mocked) CMS serves it, sorted by title the way the widgets sort. */
async function sortedEntries(page: Page, collection: Collection, locale: Locale) {
  return page.evaluate(
    async ({ collection, locale }) => {
      const url = `/api/collections/${collection}/entries?limit=1000&filter[site]=${locale}&fields=title,url,level`
      const { data } = (await (await fetch(url)).json()) as { data: Entry[] }
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
      return data.sort((a, b) => collator.compare(a.title, b.title))
    },
    { collection, locale },
  )
}

/** The 3 default columns' lengths: they differ by one at most, the longer ones first. */
function columnLengths(count: number): number[] {
  const used = Math.min(3, count)
  return Array.from(
    { length: used },
    (_, c) => Math.floor(count / used) + (c < count % used ? 1 : 0),
  )
}

/** How many sliders the index inserts: after item 5, 10 and 7 of columns 1 to 3. */
function expectedSliders(count: number): number {
  const lengths = columnLengths(count)
  return [5, 10, 7].filter((position, c) => (lengths[c] ?? 0) >= position).length
}

test.describe('collection index pages', () => {
  for (const locale of LOCALES) {
    for (const collection of Object.keys(SLUGS) as Collection[]) {
      const path = `/${locale}/${SLUGS[collection][locale]}`
      test(`${path} lists the ${collection} sorted by title with its sliders (${locale})`, async ({
        page,
      }) => {
        const requests: string[] = []
        page.on('request', (r) => {
          if (r.url().includes('/api/collections/')) requests.push(r.url())
        })
        await open(page, path)
        const nav = page.getByRole('navigation', { name: text(locale, 'index.label') })
        const items = nav.locator('li > a')
        await expect(items.first()).toBeVisible()
        // Every slider nested in the index shares the index's one request.
        const ownRequests = [...requests]
        expect(
          ownRequests.filter((u) => u.includes(`/collections/${collection}/entries`)),
        ).toHaveLength(1)

        const entries = await sortedEntries(page, collection, locale)
        expect(await items.allInnerTexts()).toEqual(entries.map((e) => e.title))
        expect(await items.first().getAttribute('href')).toBe(entries[0]!.url)
        // Columns whose lengths differ by one at most, never an empty one.
        const perColumn = await nav
          .locator(':scope > div')
          .evaluateAll((columns) =>
            columns.map((c) => c.querySelectorAll(':scope > ul > li').length),
          )
        expect(perColumn).toEqual(columnLengths(entries.length))

        const sliders = nav.locator('[data-widget="slider"][data-widget-mounted]')
        await expect(sliders).toHaveCount(expectedSliders(entries.length))
        if ((await sliders.count()) > 0) {
          await expect(
            sliders.first().getByRole('region', { name: text(locale, 'slider.label') }),
          ).toBeVisible()
        }

        if (collection === 'regions') {
          const texts = await nav.locator('li').allInnerTexts()
          for (const level of ['region', 'subregion', 'village'])
            expect(texts.some((t) => t.endsWith(`(${text(locale, `index.${level}`)})`))).toBe(true)
        }
      })
    }
  }

  test('leaves a blank gap where the first letter changes', async ({ page }) => {
    await open(page, '/en/grapes')
    const nav = page.getByRole('navigation', { name: text('en', 'index.label') })
    await expect(nav.locator('li').first()).toBeVisible()
    const gaps = await nav.locator('li').evaluateAll((lis) =>
      lis.map((li, i) => {
        const title = li.textContent.trim()
        const previous = i > 0 ? lis[i - 1]!.textContent.trim() : ''
        const sameColumn = i > 0 && lis[i - 1]!.closest('nav > div') === li.closest('nav > div')
        return {
          changed: sameColumn && title[0]!.toUpperCase() !== previous[0]!.toUpperCase(),
          gap: parseFloat(getComputedStyle(li).marginTop) > 0,
        }
      }),
    )
    expect(gaps.some((g) => g.changed)).toBe(true)
    for (const g of gaps) expect(g.gap).toBe(g.changed)
  })
})

test.describe('decouvrir and slider', () => {
  test('hovering or focusing a title in decouvrir shows it in the side slider', async ({
    page,
  }) => {
    await open(page, '/en/')
    const section = page.getByRole('region', { name: 'Discover our grapes' })
    const slider = section.getByRole('region', { name: text('en', 'slider.label') })
    await expect(slider).toBeVisible()
    const links = section.locator('ul a')

    const third = links.nth(2)
    await third.hover()
    await expect(slider.getByRole('link').first()).toHaveAttribute(
      'href',
      (await third.getAttribute('href'))!,
    )
    await expect(slider).toContainText(await third.innerText())
    // Following the list: the side slider no longer rotates (no pause button).
    await expect(slider.getByRole('button')).toHaveCount(0)

    const fifth = links.nth(4)
    await fifth.focus()
    await expect(slider).toContainText(await fifth.innerText())
    await page.keyboard.press('Tab')
    await expect(slider).toContainText(await links.nth(5).innerText())
  })

  test('the home slider changes entry after 15 seconds and can be paused', async ({ page }) => {
    await page.clock.install()
    await open(page, '/fr/')
    const slider = page
      .locator('main > [data-widget="slider"]')
      .getByRole('region', { name: text('fr', 'slider.label') })
    const title = slider.getByRole('link').first()
    await expect(title).toBeVisible()
    const img = slider.locator('img').first()
    if ((await img.count()) > 0) {
      await expect(img).toHaveAttribute('loading', 'eager')
      await expect(img).toHaveAttribute('fetchpriority', 'high')
    }
    await expect(
      slider.getByRole('link', { name: text('fr', 'slider.moreArticles') }),
    ).toHaveAttribute('href', '/fr/articles')
    const first = await title.getAttribute('href')
    await page.clock.fastForward(10_000)
    await expect(title).toHaveAttribute('href', first!)
    await page.clock.fastForward(5_500)
    await expect(title).not.toHaveAttribute('href', first!)

    await slider.getByRole('button', { name: text('fr', 'slider.pause') }).click()
    const paused = await title.getAttribute('href')
    await page.mouse.move(0, 0)
    await page.clock.fastForward(45_000)
    await expect(title).toHaveAttribute('href', paused!)
    await expect(slider.getByRole('button', { name: text('fr', 'slider.play') })).toBeVisible()
  })

  test('the slider reserves its image space: nothing shifts when the entry arrives', async ({
    page,
  }) => {
    // The mock CMS answers collections 4 s late, so the loading state can be measured (even on a
    // loaded machine, where mounting alone can take over a second).
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'wine-mocks:faults',
        JSON.stringify({ collections: { kind: 'delay', ms: 4000 } }),
      )
    })
    await page.goto('/nl/')
    const tag = page.locator('main > [data-widget="slider"]')
    await expect(tag).toHaveAttribute('data-widget-mounted', '')
    await expect(tag.getByRole('region')).toHaveCount(0)
    const before = await tag.boundingBox()
    await expect(tag.getByRole('region')).toBeVisible({ timeout: 15_000 })
    const after = await tag.boundingBox()
    // data-width 1200 × data-height 480: the image box is there from the first frame.
    expect(before!.height).toBeGreaterThan(before!.width * 0.4)
    expect(Math.abs(after!.height - before!.height)).toBeLessThan(2)
  })

  test('a slider removed from the DOM leaves no running timer', async ({ page }) => {
    await page.addInitScript(() => {
      const active = new Set<number>()
      const setInterval = window.setInterval.bind(window)
      const clearInterval = window.clearInterval.bind(window)
      window.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
        const id = setInterval(handler, timeout, ...args)
        if (timeout === 15_000) active.add(id)
        return id
      }) as typeof window.setInterval
      window.clearInterval = ((id?: number) => {
        if (id !== undefined) active.delete(id)
        clearInterval(id)
      }) as typeof window.clearInterval
      ;(window as unknown as { rotationTimers: () => number }).rotationTimers = () => active.size
    })
    await open(page, '/en/')
    const tag = page.locator('main > [data-widget="slider"]')
    await expect(tag.getByRole('button', { name: text('en', 'slider.pause') })).toBeVisible()
    const side = page.getByRole('region', { name: 'Discover our grapes' })
    await expect(side.getByRole('button', { name: text('en', 'slider.pause') })).toBeVisible()
    const timers = () =>
      page.evaluate(() => (window as unknown as { rotationTimers: () => number }).rotationTimers())
    // The quotes, the home slider and the side slider of decouvrir rotate.
    const before = await timers()
    expect(before).toBeGreaterThanOrEqual(3)

    await tag.evaluate((el) => el.remove())
    await expect.poll(timers).toBe(before - 1)
    expect(await page.locator('[data-widget="slider"][data-collection="articles"]').count()).toBe(0)
  })
})

test.describe('carousel layouts', () => {
  test('3 wines spaced evenly, 4 justified between, 6+ scrolling (en)', async ({ page }) => {
    await open(page, '/en/')
    // The home page carries the "Summer" carousel; add two more the way a host page would.
    await page.evaluate(() => {
      for (const title of ['Trio', 'Quartet']) {
        const tag = document.createElement('div')
        tag.dataset.widget = 'carousel'
        tag.dataset.title = title
        document.querySelector('main')!.append(tag)
      }
    })
    await widgetsSettled(page)
    const cases = [
      ['Trio', 3, 'evenly', 'space-evenly'],
      ['Quartet', 4, 'between', 'space-between'],
    ] as const
    for (const [title, count, layout, justify] of cases) {
      const list = page.getByRole('region', { name: title }).getByRole('list')
      await expect(list.locator(':scope > li')).toHaveCount(count)
      await expect(list).toHaveAttribute('data-layout', layout)
      await expect(list).toHaveCSS('justify-content', justify)
      await expect(list).toHaveCSS('overflow-y', 'visible')
      await expect(list.getByRole('heading', { level: 3 })).toHaveCount(count)
    }
    const summer = page.getByRole('region', { name: 'Summer' }).getByRole('list')
    await expect(summer).toHaveAttribute('data-layout', 'scroll')
    expect(await summer.locator(':scope > li').count()).toBeGreaterThanOrEqual(6)
    await expect(summer).toHaveCSS('overflow-y', 'auto')
    expect(await summer.evaluate((el) => getComputedStyle(el).maxHeight)).not.toBe('none')
  })

  for (const locale of ['fr', 'nl'] as const) {
    test(`the home carousel lists the summer wines under a translated title (${locale})`, async ({
      page,
    }) => {
      await open(page, `/${locale}/`)
      const title = locale === 'fr' ? 'Vins d’été' : 'Zomerwijnen'
      const list = page.getByRole('region', { name: title }).getByRole('list')
      await expect(list).toHaveAttribute('data-layout', 'scroll')
      const href = await list.getByRole('link').first().getAttribute('href')
      expect(href?.startsWith(`/${locale}/`)).toBe(true)
    })
  }
})

test.describe('faq', () => {
  const FIRST = {
    en: 'Do you deliver everywhere in Belgium?',
    fr: 'Livrez-vous partout en Belgique ?',
    nl: 'Leveren jullie overal in België?',
  } as const

  for (const locale of LOCALES) {
    test(`question-and-answer accordions, by mouse and keyboard (${locale})`, async ({ page }) => {
      await open(page, `/${locale}/faq`)
      const group = page.getByRole('group', { name: text(locale, 'faq.label') })
      const buttons = group.getByRole('button')
      await expect(buttons).toHaveCount(4)
      for (const b of await buttons.all()) await expect(b).toHaveAttribute('aria-expanded', 'false')
      await expect(group.getByRole('region')).toHaveCount(0)

      const first = group.getByRole('button', { name: FIRST[locale] })
      await first.click()
      await expect(first).toHaveAttribute('aria-expanded', 'true')
      const answer = group.getByRole('region', { name: FIRST[locale] })
      await expect(answer).toBeVisible()
      await expect(answer).toContainText('150 EUR')

      await page.keyboard.press('ArrowDown')
      await expect(buttons.nth(1)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true')
      // fr uses data-single: one answer open at a time.
      await expect(first).toHaveAttribute('aria-expanded', locale === 'fr' ? 'false' : 'true')
      await page.keyboard.press('End')
      await expect(buttons.nth(3)).toBeFocused()
      await page.keyboard.press('Space')
      await expect(buttons.nth(3)).toHaveAttribute('aria-expanded', 'true')
    })
  }
})

test.describe('load errors', () => {
  test.use({ allowConsoleErrors: true })

  for (const status of [500, 429] as const) {
    test(`a collection answering ${status} leaves a quiet empty state, the page stays usable`, async ({
      page,
      consoleLog,
    }) => {
      await page.addInitScript((status) => {
        sessionStorage.setItem(
          'wine-mocks:faults',
          JSON.stringify({ collections: { kind: 'status', status } }),
        )
      }, status)
      await open(page, '/fr/regions')
      await expect(page.getByText(text('fr', 'index.empty'))).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Régions viticoles')
      await expect(page.locator('[data-widget="index"]')).not.toHaveAttribute('data-widget-error')
      expect(consoleLog.errors().some((e) => e.includes('index: the "regions" entries'))).toBe(true)
    })
  }
})
