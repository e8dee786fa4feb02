import { LOCALES, expect, open, test, text } from './helpers'

interface QuoteEntry {
  quote: string
  author: string
}

for (const locale of LOCALES) {
  test.describe(`quotes (${locale})`, () => {
    test('shows a quote of the locale with its author', async ({ page }) => {
      await open(page, `/${locale}/`)
      const figure = page.getByRole('figure', { name: text(locale, 'quotes.label') })
      await expect(figure.locator('blockquote')).toBeVisible()
      const shown = (await figure.locator('blockquote').innerText()).trim()
      const author = (await figure.locator('cite').innerText()).trim()
      // The same collection the widget reads, as the (mocked) CMS serves it for this locale.
      const entries = await page.evaluate(async (site) => {
        const url = `/api/collections/quotes/entries?limit=1000&filter[site]=${site}&fields=quote,author`
        const body = (await (await fetch(url)).json()) as { data: QuoteEntry[] }
        return body.data
      }, locale)
      expect(entries.length).toBeGreaterThan(1)
      const match = entries.find((e) => e.quote.trim() === shown)
      expect(match, `"${shown}" is a ${locale} quote`).toBeDefined()
      expect(author).toBe(match!.author.trim())
    })

    test('keeps a quote for 10 seconds and changes it by 15.5 seconds', async ({ page }) => {
      await page.clock.install()
      await open(page, `/${locale}/`)
      const quote = page
        .getByRole('figure', { name: text(locale, 'quotes.label') })
        .locator('blockquote')
      await expect(quote).toBeVisible()
      const first = await quote.innerText()
      // Real time also passes while the test runs, so the checks keep a few seconds of margin.
      await page.clock.fastForward(10_000)
      await expect(quote).toHaveText(first)
      await page.clock.fastForward(5_500)
      await expect(quote).not.toHaveText(first)
    })
  })
}
