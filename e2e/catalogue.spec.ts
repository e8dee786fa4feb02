import type { WidgetDocsFile } from '../mount/catalogue'
import { registry } from '../mount/registry'
import { attributeName } from '../src/props/parse'
import { expect, open, readJson, test } from './helpers'

/** What the catalogue shows of a widget: its `widgets/<name>/docs.json`. */
const docsOf = (name: string) => readJson<WidgetDocsFile>(`../widgets/${name}/docs.json`)

test.describe('widget catalogue (/)', () => {
  test('lists every registered widget with its description and attributes', async ({ page }) => {
    test.slow() // one page mounting every widget, checked attribute by attribute
    await open(page, '/')
    await expect(page.getByRole('heading', { level: 1, name: 'Widget catalogue' })).toBeVisible()
    const registered = await page.evaluate(() => window.WineWidgets!.widgets)
    expect([...registered]).toEqual(registry.map((d) => d.name))

    const toc = page.getByRole('navigation', { name: 'Widgets' })
    for (const definition of registry) {
      await expect(toc.getByRole('link', { name: definition.name, exact: true })).toHaveAttribute(
        'href',
        `#widget-${definition.name}`,
      )
      const section = page.getByRole('region', { name: definition.name, exact: true })
      await expect(
        section.getByRole('heading', { level: 2, name: definition.name, exact: true }),
      ).toHaveAttribute('id', `widget-${definition.name}-title`)
      const docs = docsOf(definition.name)
      await expect(section.getByText(docs.description, { exact: true })).toBeVisible()
      await expect(section.locator('pre code')).toHaveText(docs.example)

      const props = Object.entries(definition.props)
      if (props.length === 0) {
        await expect(section.getByText('No attributes: the tag alone is enough.')).toBeVisible()
        continue
      }
      const table = section.getByRole('table', { name: `Attributes of ${definition.name}` })
      await expect(table.getByRole('row')).toHaveCount(props.length + 1)
      for (const [prop, spec] of props) {
        const row = table.getByRole('row', { name: new RegExp(`^${attributeName(prop)}\\b`) })
        await expect(row.getByRole('rowheader')).toHaveText(attributeName(prop))
        await expect(row.getByRole('cell').first()).toHaveText(spec.type)
        await expect(row.getByRole('cell').last()).toHaveText(docs.attributes[attributeName(prop)]!)
        if ('default' in spec && spec.default !== undefined) {
          await expect(row.getByRole('cell').nth(1)).toHaveText(JSON.stringify(spec.default))
        }
        if (spec.type === 'enum') {
          await expect(row.getByRole('cell').nth(2)).toHaveText(spec.values.join(', '))
        }
        const required = 'required' in spec && spec.required === true
        await expect(row.getByRole('cell').nth(3)).toHaveText(required ? 'yes' : 'no')
      }
    }
  })

  test('its own rules never reach a live example (headings, tables)', async ({ page }) => {
    await open(page, '/')
    // faq's questions are h3 headings, like the catalogue's own "Attributes", "Tag"…
    await expect(page.locator('[data-example-for="faq"] h3').first()).toBeVisible()
    // Both readings in one task, of the same elements: an example that renders more in between
    // (a widget still loading its data) cannot tell them apart.
    const { withCatalogueRules, without } = await page.evaluate(() => {
      const elements = [
        ...document.querySelectorAll('.example :is(h2, h3, h4, table, caption, th, td)'),
      ]
      const looks = () =>
        elements.map((el) => {
          const s = getComputedStyle(el)
          return `${el.tagName} ${s.fontSize} ${s.margin} ${s.padding} ${s.border} ${s.textAlign}`
        })
      const rules = document.querySelector<HTMLStyleElement>('style[data-catalogue-styles]')
      if (!rules) throw new Error('the catalogue has no style[data-catalogue-styles]')
      const before = looks()
      rules.disabled = true
      const after = looks()
      rules.disabled = false
      return { withCatalogueRules: before, without: after }
    })
    expect(withCatalogueRules.length).toBeGreaterThan(0)
    expect(without).toEqual(withCatalogueRules)
  })

  test('mounts a live example of every widget', async ({ page }) => {
    test.slow()
    await open(page, '/')
    for (const definition of registry) {
      // `>`: decouvrir and index render nested slider tags of their own.
      const tag = page.locator(`[data-example-for="${definition.name}"] > [data-widget]`)
      await expect(tag).toHaveAttribute('data-widget', definition.name)
      await expect(tag).toHaveAttribute('data-widget-mounted', '')
      await expect(tag).not.toHaveAttribute('data-widget-error')
      // Each example renders something a visitor sees (consent shows: no cookie in a new context).
      await expect(tag.locator(':scope > *').first()).toBeVisible()
    }
  })

  test('the widgets’ baseline precedes every widget’s stylesheet, whichever widget loads first (quotes, drawn without React, is first here)', async ({
    page,
  }) => {
    await open(page, '/')
    const quotes = page.locator('[data-example-for="quotes"] > [data-widget]')
    await expect(quotes).toHaveAttribute('data-widget-mounted', '')
    // The quote's place is held by every quote, invisible: one quote is seen, not the list.
    const sizers = quotes.locator('[data-quote-sizer]')
    expect(await sizers.count()).toBeGreaterThan(1)
    for (const sizer of await sizers.all()) await expect(sizer).toHaveCSS('visibility', 'hidden')
    const order = await page.evaluate(() =>
      [...document.styleSheets]
        .filter((sheet) => sheet.href?.includes('/widgets/assets/'))
        .map((sheet) =>
          [...sheet.cssRules].some((rule) => rule.cssText.includes('all: revert'))
            ? 'baseline'
            : 'widget',
        ),
    )
    expect(order.indexOf('baseline')).toBe(0)
  })

  test('opens without a notice: the redirect an example makes while mounting is cancelled quietly', async ({
    page,
  }) => {
    await open(page, '/')
    // reset-password's example (no ?email=…) tries to go home as it mounts.
    await expect(
      page.locator('[data-example-for="reset-password"] > [data-widget]'),
    ).toHaveAttribute('data-widget-mounted', '')
    await expect(page).toHaveURL('/')
    await expect(page.locator('.catalogue-notice')).toBeEmpty()
    await expect(page.getByText('the catalogue stays here')).toHaveCount(0)
  })

  test('live examples cannot navigate the catalogue away', async ({ page }) => {
    await open(page, '/')
    // The visitor uses the page; then an example navigates by itself (e.g. a timer).
    await page.getByRole('heading', { level: 1 }).click()
    await page.evaluate(() => window.location.assign('/en/'))
    await expect(
      page.getByRole('status').filter({ hasText: 'the catalogue stays here' }),
    ).toHaveText(
      `A live example tried to open ${new URL('/en/', page.url()).href}; the catalogue stays here.`,
    )
    await expect(page).toHaveURL('/')
    // The visitor's own clicks still navigate.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL('/en/')
  })

  test('a link of the page, used as soon as the examples are in place, opens its page (clicked or pressed)', async ({
    page,
  }) => {
    for (const how of ['click', 'Enter'] as const) {
      await page.goto('/', { waitUntil: 'commit' })
      // From here the catalogue cancels what its examples open, while they are still mounting.
      await expect(page.locator('[data-example-for]').first()).toBeAttached()
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })
      if (how === 'click') await link.click()
      else await link.press('Enter')
      await expect(page).toHaveURL('/en/privacy')
    }
  })

  test('the Copy button puts the example tag on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await open(page, '/')
    for (const definition of registry) {
      const section = page.getByRole('region', { name: definition.name, exact: true })
      await section.getByRole('button', { name: `Copy the ${definition.name} tag` }).click()
      await expect(section.locator('.copy').getByRole('status')).toHaveText('Copied')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        docsOf(definition.name).example,
      )
    }
  })

  test('copies through the selection fallback when the clipboard API fails', async ({ page }) => {
    await page.addInitScript(() => {
      const copied: string[] = []
      Object.assign(window, { __copied: copied })
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the page's fallback is what this test checks
      document.execCommand = (command: string) => {
        if (command !== 'copy') return false
        copied.push(String(getSelection()))
        return true
      }
    })
    await open(page, '/')
    const definition = registry[0]!
    const section = page.getByRole('region', { name: definition.name, exact: true })
    await section.getByRole('button', { name: `Copy the ${definition.name} tag` }).click()
    await expect(section.locator('.copy').getByRole('status')).toHaveText('Copied')
    const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)
    expect(copied).toEqual([docsOf(definition.name).example])
  })
})
