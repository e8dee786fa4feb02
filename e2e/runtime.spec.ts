import { expect, open, test } from './helpers'

test.describe('runtime on a page with broken and dynamic tags (/en/playground)', () => {
  test.use({ allowConsoleErrors: true })

  test('broken tags are flagged with one console error each; the good widget mounts', async ({
    page,
    consoleLog,
  }) => {
    await open(page, '/en/playground')
    const unknown = page.locator('#unknown-widget')
    await expect(unknown).toHaveAttribute('data-widget-error', /unknown widget "wine-roulette"/)
    await expect(unknown.getByRole('alert')).toContainText('wine-roulette')
    const badProp = page.locator('#bad-prop')
    await expect(badProp).toHaveAttribute(
      'data-widget-error',
      /data-interval="often" is not a number/,
    )
    await expect(badProp.getByRole('alert')).toContainText('data-interval')
    await expect(badProp).not.toHaveAttribute('data-widget-mounted')

    const good = page.locator('#good-widget')
    await expect(good).toHaveAttribute('data-widget-mounted', '')
    await expect(good).not.toHaveAttribute('data-widget-error')
    await expect(good.locator('blockquote')).toBeVisible()

    const errors = consoleLog.errors()
    expect(errors.filter((e) => e.includes('wine-roulette'))).toHaveLength(1)
    expect(errors.filter((e) => e.includes('data-interval'))).toHaveLength(1)
    expect(errors).toHaveLength(2)
  })

  test('a tag added after load mounts; once removed it unmounts and its timer stops', async ({
    page,
  }) => {
    await page.clock.install()
    await open(page, '/en/playground')
    await page.getByRole('button', { name: 'Add a quotes widget' }).click()
    const dynamic = page.locator('#dynamic-widget')
    await expect(dynamic).toHaveAttribute('data-widget-mounted', '')
    await expect(dynamic.locator('blockquote')).toBeVisible()
    // The widget rotates every 5 s while it is on the page.
    const first = await dynamic.locator('blockquote').innerText()
    await page.clock.fastForward(5_500)
    await expect(dynamic.locator('blockquote')).not.toHaveText(first)

    // Keep a reference to the element, so its DOM can be watched after removal.
    await page.evaluate(() => {
      Object.assign(window, { __removed: document.getElementById('dynamic-widget') })
    })
    await page.getByRole('button', { name: 'Remove it' }).click()
    await expect(dynamic).toHaveCount(0)
    await page.waitForFunction(() => {
      const el = (window as unknown as { __removed: HTMLElement }).__removed
      return !el.hasAttribute('data-widget-mounted') && el.childElementCount === 0
    })
    await page.evaluate(() => {
      const el = (window as unknown as { __removed: HTMLElement }).__removed
      const changes: MutationRecord[] = []
      new MutationObserver((records) => changes.push(...records)).observe(el, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
      Object.assign(window, { __changes: changes })
    })

    const good = page.locator('#good-widget blockquote')
    const before = await good.innerText()
    await page.clock.fastForward(17_000)
    // 17 s is three turns of the removed widget's 5 s timer and exactly one turn of the good
    // widget's 15 s timer (a second turn could bring its first quote back). Time did pass for the
    // widgets still on the page…
    await expect(good).not.toHaveText(before)
    // …but nothing touched the removed one.
    const changes = await page.evaluate(
      () => (window as unknown as { __changes: MutationRecord[] }).__changes.length,
    )
    expect(changes).toBe(0)
  })

  test('WineWidgets.unmount and mount take a widget down and up again', async ({ page }) => {
    await open(page, '/en/playground')
    const good = page.locator('#good-widget')
    await expect(good.locator('blockquote')).toBeVisible()
    await page.evaluate(() => window.WineWidgets!.unmount(document.getElementById('good-widget')!))
    await expect(good).not.toHaveAttribute('data-widget-mounted')
    await expect(good.locator('blockquote')).toHaveCount(0)
    await page.evaluate(() => window.WineWidgets!.mount(document.getElementById('good-widget')!))
    await expect(good).toHaveAttribute('data-widget-mounted', '')
    await expect(good.locator('blockquote')).toBeVisible()
  })
})

test.describe('WineWidgets.on', () => {
  test('a listener added as soon as the library is there hears the first widgets’ events; one removed at once hears nothing', async ({
    page,
  }) => {
    // The bus arrives with the first widget's code (the entry imports nothing statically): what
    // is asked for before then must still be on the bus before any widget emits.
    await page.addInitScript(() => {
      const heard: string[] = []
      const dropped: string[] = []
      Object.assign(window, { __heard: heard, __dropped: dropped })
      window.addEventListener(
        'wine-widgets:ready',
        () => {
          window.WineWidgets!.on('item:viewed', (payload) => heard.push(payload.item.name))
          const off = window.WineWidgets!.on('item:viewed', (payload) =>
            dropped.push(payload.item.name),
          )
          off()
        },
        { once: true },
      )
    })
    await open(page, '/en/wines/chateau-roquefort-lalande-bordeaux-superieur')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __heard: string[] }).__heard))
      .toEqual([expect.stringMatching(/Roquefort/i)])
    expect(
      await page.evaluate(() => (window as unknown as { __dropped: string[] }).__dropped),
    ).toEqual([])
  })
})

test.describe('corrupted saved state', () => {
  test('widgets still mount, with one warning', async ({ page, consoleLog }) => {
    await page.addInitScript(() => sessionStorage.setItem('wine-widgets:v1', 'garbage{'))
    await open(page, '/en/')
    await expect(page.locator('[data-widget="quotes"] blockquote')).toBeVisible()
    await expect(page.locator('[data-widget="consent"] section')).toBeVisible()
    for (const el of await page.locator('[data-widget]').all()) {
      await expect(el).toHaveAttribute('data-widget-mounted', '')
    }
    const warnings = consoleLog.warnings().filter((w) => w.includes('wine-widgets'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('sessionStorage')
  })
})
