import { expect, open, routes, test } from './helpers'

test.describe('demo site', () => {
  test('every route answers with its language, title and the demo scripts', async ({ request }) => {
    for (const route of routes) {
      const res = await request.get(route.path)
      expect(res.status(), route.path).toBe(200)
      expect(res.headers()['content-type']).toContain('text/html')
      const html = await res.text()
      expect(html).toContain(`<html lang="${route.locale}">`)
      expect(html).toContain(`<title>${route.title.replace(/'/g, '&#39;')}`)
      expect(html).toContain('id="wine-widgets-config"')
      expect(html).toContain('src="/demo/demo.js" data-widgets-src="/widgets/wine-widgets.js"')
    }
  })

  test('serves the library, the demo scripts and the worker with the right types', async ({
    request,
  }) => {
    for (const [path, type] of [
      ['/widgets/wine-widgets.js', 'text/javascript'],
      ['/demo/demo.js', 'text/javascript'],
      ['/mockServiceWorker.js', 'text/javascript'],
      ['/widgets/.vite/manifest.json', 'application/json'],
      ['/widgets/wine-widgets.js.map', 'application/json'],
    ] as const) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(200)
      expect(res.headers()['content-type'], path).toContain(type)
    }
    expect((await request.get('/widgets/../package.json')).status()).toBe(404)
    expect((await request.get('/widgets/%2e%2e/package.json')).status()).toBe(404)
  })

  test("the mock worker hands no navigation to a page: a frame's document comes from the network", async ({
    page,
  }) => {
    await open(page, '/en/')
    // What MSW's worker asks this page to answer (its REQUEST messages), by URL.
    await page.evaluate(() => {
      const asked: string[] = []
      Object.assign(window, { __asked: asked })
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { type?: string; payload?: { url?: string } } | null
        if (data?.type === 'REQUEST' && data.payload?.url) asked.push(data.payload.url)
      })
    })
    const asked = () => page.evaluate(() => (window as unknown as { __asked: string[] }).__asked)
    // A fetch of the page is handed to it (the listener hears the worker)…
    await page.evaluate(() => fetch('/widgets/.vite/manifest.json?by=fetch').then((r) => r.text()))
    expect((await asked()).some((url) => url.endsWith('?by=fetch'))).toBe(true)
    // …a navigation (a frame's document) is not: the page asked could be one being left.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe')
          frame.src = '/widgets/.vite/manifest.json?by=frame'
          frame.addEventListener('load', () => resolve(), { once: true })
          document.body.append(frame)
        }),
    )
    await expect(page.frameLocator('iframe').locator('body')).toContainText('"file"')
    expect((await asked()).filter((url) => url.includes('?by=frame'))).toEqual([])
  })

  test('a page the mock worker does not control (a force reload) is claimed, not reloaded', async ({
    page,
  }) => {
    await open(page, '/en/cart')
    const loads: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url())
    })
    // A force reload bypasses the worker: the page it loads is not controlled. MSW reloads such a
    // page, which cancels a link followed from it in the meantime.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.reload', { ignoreCache: true })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.waitForLoadState('networkidle')
    expect(loads).toHaveLength(1)
    // Its calls are the mocks' (the demo server has no such endpoint and answers 404).
    expect(await page.evaluate(() => fetch('/cp/auth/token').then((r) => r.status))).toBe(200)
  })

  test('the footer links to the same page in the other languages', async ({ page }) => {
    await open(page, '/fr/giftbox')
    const languages = page.getByRole('navigation', { name: 'Langues' })
    for (const [locale, name] of [
      ['en', 'English'],
      ['fr', 'Français'],
      ['nl', 'Nederlands'],
    ] as const) {
      await expect(languages.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/${locale}/giftbox`,
      )
    }
    await expect(languages.getByRole('link', { name: 'Français' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await languages.getByRole('link', { name: 'Nederlands' }).click()
    await expect(page).toHaveURL('/nl/giftbox')
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(
      page.getByRole('navigation', { name: 'Talen' }).getByRole('link', { name: 'Nederlands' }),
    ).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('not found', () => {
  test.use({ allowConsoleErrors: true })

  test('an unknown address gets a 404 page that links home', async ({ page, consoleLog }) => {
    const res = await page.goto('/en/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    // The only console error is the browser's own note about the 404 answer.
    expect(consoleLog.errors()).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ])
    await page.getByRole('link', { name: 'Go to the widget catalogue' }).click()
    await expect(page).toHaveURL('/')
  })
})
