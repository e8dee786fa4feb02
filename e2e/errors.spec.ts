import type { Page } from '@playwright/test'
import { expect, open, routes, test, text, widgetsSettled } from './helpers'

/**
 * The host page hears every real failure as a `wine-widgets:error` event on `window`,
 * and nothing of loads cut short because the visitor leaves (the cross-engine journeys
 * check the same 8 quick navigations in Firefox and WebKit).
 */

interface Recorded {
  type: string
  widget?: string | null
  area?: string
  message?: string
  path: string
}

const KEY = 'e2e:errors'
/** How every failed call's line ends (src/report/report.ts). */
const SITE_ENDPOINT = ' (an endpoint the site must provide, see docs/server-contract.md)'

/** Record `wine-widgets:error` events and unhandled rejections in sessionStorage (kept across pages). */
async function recordErrors(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const record = (entry: object) => {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as object[]
      list.push({ ...entry, path: location.pathname })
      sessionStorage.setItem(key, JSON.stringify(list))
    }
    window.addEventListener('wine-widgets:error', (event) => {
      // The library dispatches a CustomEvent whose detail is { widget, area, message, error }.
      const { widget, area, message } = (event as CustomEvent<Record<string, unknown>>).detail
      record({ type: 'error-event', widget, area, message })
    })
    window.addEventListener('unhandledrejection', (event) =>
      record({ type: 'unhandledrejection', message: String(event.reason) }),
    )
  }, KEY)
}

const recorded = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Recorded[], KEY)

test.describe('wine-widgets:error', () => {
  test.describe('a real failure', () => {
    test.use({ allowConsoleErrors: true })

    test('a failed login is announced with its area and message, as the console says it', async ({
      page,
      consoleLog,
    }) => {
      await recordErrors(page)
      await open(page, '/en/login')
      await page.evaluate(() =>
        window.__wineMocks!.setFault('loginuser', { kind: 'status', status: 500 }),
      )
      const widget = page.locator('[data-widget="login"]')
      await widget.getByLabel(text('en', 'login.email')).fill('claire@example.com')
      await widget.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
      await widget.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
      await expect(widget.getByText(text('en', 'login.error'))).toBeVisible()
      expect(await recorded(page)).toEqual([
        {
          type: 'error-event',
          widget: null,
          area: 'session',
          message: `Login failed — POST /login/loginuser answered 500${SITE_ENDPOINT}`,
          path: '/en/login',
        },
      ])
      // Next to the browser's own "Failed to load resource" line: the library's one line.
      expect(consoleLog.errors().filter((e) => e.startsWith('[wine-widgets]'))).toEqual([
        `[wine-widgets] Login failed — POST /login/loginuser answered 500${SITE_ENDPOINT}`,
      ])
    })

    test("a widget's text file that cannot load: its tag is marked and reported once, the others mount", async ({
      page,
      consoleLog,
    }) => {
      await recordErrors(page)
      // The gift box's French texts (chunks/texts-fr-giftbox-<hash>.js) never arrive.
      // Through the context: the demo's mock worker fetches the page's files itself.
      await page.context().route(/\/chunks\/texts-fr-giftbox-[\w-]+\.js$/, (route) => route.abort())
      await page.goto('/fr/giftbox')
      const giftbox = page.locator('[data-widget="giftbox"]')
      await expect(giftbox).toHaveAttribute(
        'data-widget-error',
        // `common` too, unless the site widgets' file (the header's) brought it first.
        /^could not load: Error: \[wine-widgets\] Texts failed to load: fr\/(common, )?giftbox$/,
      )
      await expect(page.locator('[data-widget="minicart"]')).toHaveAttribute('data-widget-mounted')
      await expect
        .poll(() => recorded(page))
        .toEqual([
          expect.objectContaining({ type: 'error-event', widget: 'giftbox', area: 'mount' }),
        ])
      expect(consoleLog.errors().filter((e) => e.startsWith('[wine-widgets]'))).toHaveLength(1)
    })

    test('a bundle that cannot be loaded is announced for its widget', async ({ page }) => {
      await recordErrors(page)
      await page.addInitScript(() =>
        sessionStorage.setItem(
          'wine-mocks:faults',
          JSON.stringify({ getbundle: { kind: 'status', status: 500 } }),
        ),
      )
      await open(page, '/en/bundles/belgian-discovery')
      await expect
        .poll(() => recorded(page))
        .toContainEqual(
          expect.objectContaining({
            type: 'error-event',
            widget: 'bundle',
            area: 'data',
            message: expect.stringMatching(
              /^bundle: the bundle \S+ could not be loaded — POST \/api\/getbundle answered 500 /,
            ),
          }),
        )
    })
  })

  test('quick navigations, each leaving a page whose widgets still load: no event, no console error', async ({
    page,
  }) => {
    // Fifteen page loads in a row: give a loaded CI machine room.
    test.setTimeout(240_000)
    await recordErrors(page)
    // Every English page the footer links to, one after the other, from the home page (not the
    // playground: its broken tags are real errors, reported on purpose).
    const pages = routes
      .filter((r) => r.locale === 'en' && r.nav !== false)
      .map((r) => r.path)
      .filter((path) => path !== '/en/' && path !== '/en/playground')
    await page.goto('/en/', { waitUntil: 'commit' })
    for (const target of pages) {
      // As soon as the footer link is there: the widgets of the page being left are still loading,
      // and what they add above the footer can move it (the regions index, the catalogue). The
      // click waits for the link to stand still and checks that the press landed on it (not with
      // noWaitAfter, which skips that check): a press a moving footer gave to another element is
      // blocked and made again. A navigation the page cancels still fails the wait below.
      await test.step(`to ${target}`, async () => {
        await page.locator(`footer a[href="${target}"]`).first().click()
        await page.waitForURL((url) => url.pathname === target, {
          waitUntil: 'commit',
          timeout: 30_000,
        })
      })
    }
    await open(page, '/en/bundles/belgian-discovery')
    expect(await recorded(page)).toEqual([])
    // The consoleLog fixture fails the test on any console error.
  })

  for (const how of ['address bar', 'reload'] as const) {
    test(`leaving by the ${how} while the current-user check is pending: no event, no console error`, async ({
      page,
    }) => {
      await recordErrors(page)
      // The FAQ's check never answers: the browser stops it when the visitor leaves the page from
      // its own controls, which send no navigate event.
      await page.addInitScript(() => {
        if (location.pathname === '/en/faq' && !sessionStorage.getItem('e2e:left'))
          sessionStorage.setItem(
            'wine-mocks:faults',
            JSON.stringify({ getcurrentuser: { kind: 'hang' } }),
          )
        else sessionStorage.removeItem('wine-mocks:faults')
      })
      const check = page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/login/getcurrentuser',
      )
      await page.goto('/en/faq')
      await check
      await page.evaluate(() => sessionStorage.setItem('e2e:left', '1'))
      if (how === 'reload') await page.reload()
      else await page.goto('/en/privacy')
      await widgetsSettled(page)
      expect(await recorded(page)).toEqual([])
    })
  }
})

test('the catalogue: a live example that really navigates stays put, with the notice', async ({
  page,
}) => {
  await open(page, '/')
  const example = page.locator('[data-example-for="login"]')
  await example.getByLabel(text('en', 'login.email')).fill('claire@example.com')
  await example.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await example.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
  // Logging out sends the visitor home: the catalogue cancels that redirect of its example.
  await example.getByRole('button', { name: text('en', 'session.logout'), exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'the catalogue stays here' })).toHaveText(
    `A live example tried to open ${new URL('/en', page.url()).href}; the catalogue stays here.`,
  )
  await expect(page).toHaveURL('/')
})
