import { LOCALES, expect, openSettled, test, text } from './helpers'

/** The phone and desktop widths of the "zero layout shift" issue. */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

test.describe('no blank scroll area below the content', () => {
  test('scrolling to the very bottom of the home page shows the footer, not empty space', async ({
    page,
  }) => {
    await page.setViewportSize(WIDTHS[0])
    await openSettled(page, '/en/')
    // The home page's carousel has more than 4 wines: the case that used to add ~7,760 px.
    await expect(page.getByRole('region', { name: 'Summer' }).getByRole('list')).toHaveAttribute(
      'data-layout',
      'scroll',
    )
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const footer = await page.locator('footer').evaluate((el) => el.getBoundingClientRect())
    const viewportHeight = await page.evaluate(() => window.innerHeight)
    expect(footer.bottom).toBeGreaterThan(viewportHeight - 1)
    expect(footer.bottom).toBeLessThanOrEqual(viewportHeight + 1)
  })
})

test.describe('quotes keep their box height across rotations', () => {
  for (const locale of LOCALES) {
    test(`the quote box and what follows stay put at 390 px (${locale})`, async ({ page }) => {
      await page.clock.install()
      await page.setViewportSize(WIDTHS[0])
      await openSettled(page, `/${locale}/`)
      const figure = page.getByRole('figure', { name: text(locale, 'quotes.label') })
      const quote = figure.locator('blockquote')
      await expect(quote).toBeVisible()
      const measure = () =>
        figure.evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          // The element after the quotes: the page content below must not move either.
          nextTop: el.closest('[data-widget]')!.nextElementSibling!.getBoundingClientRect().top,
        }))
      const before = await measure()
      const seen = new Set([await quote.innerText()])
      for (let rotation = 0; rotation < 6; rotation++) {
        const previous = await quote.innerText()
        await page.clock.fastForward(15_500)
        await expect(quote).not.toHaveText(previous)
        seen.add(await quote.innerText())
        const after = await measure()
        expect(Math.abs(after.height - before.height), `box height after rotation`).toBeLessThan(
          0.5,
        )
        expect(Math.abs(after.nextTop - before.nextTop), `content below moved`).toBeLessThan(0.5)
      }
      expect(seen.size).toBeGreaterThan(1)
      // Only the shown quote is exposed to assistive technology.
      await expect(figure.locator('blockquote')).toHaveCount(1)
      await expect(figure.getByRole('blockquote')).toHaveCount(1)
    })
  }
})

test.describe('entries without a hero image', () => {
  interface Entry {
    title: string
    url: string
    hero: { url: string } | null
  }

  for (const viewport of WIDTHS) {
    test(`the decouvrir slider draws a placeholder of the same size at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await openSettled(page, '/en/')
      const entries = await page.evaluate(async () => {
        const url =
          '/api/collections/grapes/entries?limit=1000&filter[site]=en&fields=title,url,hero'
        return ((await (await fetch(url)).json()) as { data: Entry[] }).data
      })
      const withHero = entries.find((e) => e.hero !== null)!
      const without = entries.find((e) => e.hero === null)!
      expect(without, 'the fixtures have a grape without a hero image').toBeDefined()

      const section = page.getByRole('region', { name: 'Discover our grapes' })
      const slider = section.getByRole('region', { name: text('en', 'slider.label') })
      const entryLink = slider.getByRole('link').first()
      const frameOf = () =>
        entryLink.evaluate((a) => {
          const frame = a.querySelector('[style]')!.getBoundingClientRect()
          return { width: frame.width, height: frame.height }
        })

      await section.getByRole('link', { name: withHero.title, exact: true }).hover()
      await expect(entryLink).toHaveAttribute('href', withHero.url)
      await expect(entryLink.locator('img')).toHaveCount(1)
      const imageFrame = await frameOf()

      await section.getByRole('link', { name: without.title, exact: true }).hover()
      await expect(entryLink).toHaveAttribute('href', without.url)
      const drawing = entryLink.locator('svg[data-hero-placeholder]')
      await expect(drawing).toBeVisible()
      await expect(drawing).toHaveAttribute('aria-hidden', 'true')
      // The drawing fills the same box the image had; the title stays readable below it.
      expect(await frameOf()).toEqual(imageFrame)
      const box = (await drawing.boundingBox())!
      expect(Math.abs(box.width - imageFrame.width)).toBeLessThan(1)
      expect(Math.abs(box.height - imageFrame.height)).toBeLessThan(1)
      await expect(slider.getByText(without.title, { exact: true })).toBeVisible()
    })
  }
})
