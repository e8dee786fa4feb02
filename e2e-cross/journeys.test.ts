/**
 * The shopper journeys that matter most, in the engine of this run (CROSS_ENGINE:
 * firefox or webkit) at a phone size (390×844) and a desktop size (1280×900), against the demo
 * site. The Chromium suite in e2e/ goes into every detail; these check that each journey works
 * from end to end in the other engines. Texts come from locales/en.json. The last three are
 * what Firefox and WebKit showed that Chromium did not, at the desktop size.
 */
import assert from 'node:assert/strict'
import {
  attributeOf,
  checkedOf,
  consoleEntries,
  containsText,
  count,
  gone,
  hasValue,
  nameOf,
  journey,
  open,
  t,
  textOf,
  until,
  valueOf,
  visible,
  widgetsSettled,
} from './harness.ts'
import type { Driver, Query } from './driver.ts'

const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
const BUNDLE = '/en/bundles/belgian-discovery'
const CART = '/en/cart'
const CLAIRE = { email: 'claire@example.com', password: 'droplets-420' }

const widget = (name: string): Query => ({ css: `[data-widget="${name}"]` })
const minicartButton = (n: number): Query => ({
  within: widget('minicart'),
  role: 'button',
  name: t('minicart.button', { count: n }),
  exact: true,
})

async function addWine(page: Driver, quantity: string) {
  await open(page, WINE)
  const box = widget('wine-tabs')
  await page.fill({ within: box, role: 'textbox', name: t('wineTabs.quantity') }, quantity)
  await page.click({ within: box, role: 'button', name: t('wineTabs.add') })
  await visible(page, { within: box, text: t('wineTabs.added', { count: quantity }) })
}

/** The number in the search status ("190 wines"). */
async function hitCount(page: Driver, dialog: Query): Promise<number> {
  const status =
    (await textOf(page, { within: dialog, role: 'status', hasText: /\d+ wines?/ })) ?? ''
  return Number(/(\d+) wines?/.exec(status)?.[1] ?? NaN)
}

journey('search: type, refine by a grape, open a hit', async (page, size) => {
  await open(page, '/en/')
  await page.click({ role: 'button', name: t('search.open') })
  const dialog: Query = { role: 'dialog', name: t('search.dialog') }
  await visible(page, dialog)
  await until('the first results', async () => (await hitCount(page, dialog)) > 0)
  const all = await hitCount(page, dialog)

  await page.type({ within: dialog, role: 'searchbox', name: t('search.inputLabel') }, 'merlot')
  await until('fewer results for "merlot"', async () => {
    const n = await hitCount(page, dialog)
    return n > 0 && n < all
  })
  await containsText(page, { within: dialog, role: 'article' }, /merlot/i)
  const merlot = await hitCount(page, dialog)

  // Phones show the refinements behind the filter button, one list at a time.
  if (size.name === 'phone') {
    await page.click({ within: dialog, role: 'button', name: t('search.filters'), exact: true })
    await page.click({ within: dialog, role: 'button', name: t('search.grapes'), exact: true })
  }
  const grapes: Query = { within: dialog, role: 'group', name: t('search.grapes'), exact: true }
  await visible(page, grapes)
  const grape: Query = { within: grapes, role: 'checkbox', name: /^Merlot \d+$/ }
  // The lists redraw as the answer for the typed query comes in: read the box once it is there.
  let label = ''
  await until('the Merlot refinement with its count', async () => {
    label = (await nameOf(page, grape)) ?? ''
    return /\d+$/.test(label)
  })
  const merlotCount = Number(/(\d+)$/.exec(label)?.[1])
  await page.click(grape)
  await until(
    `the count of the Merlot refinement (${merlotCount})`,
    async () => (await hitCount(page, dialog)) === merlotCount,
  )
  assert.ok(merlotCount <= merlot)
  if (size.name === 'phone')
    await page.click({ within: dialog, role: 'button', name: t('search.hideFilters'), exact: true })

  // Open the first hit: its wine page mounts the wine tabs.
  const first: Query = {
    within: { within: dialog, role: 'article', index: 0 },
    role: 'link',
    index: 0,
  }
  const href = await attributeOf(page, first, 'href')
  assert.match(href ?? '', /^\/en\//)
  await page.click(first)
  await until(`the wine page ${href}`, async () => new URL(await page.url()).pathname === href)
  await widgetsSettled(page)
  await visible(page, { within: widget('wine-tabs'), role: 'button', name: t('wineTabs.add') })
})

journey(
  'wine page, then bundle, add to cart; the minicart follows and lists both',
  async (page) => {
    await addWine(page, '6')
    await visible(page, minicartButton(6))

    await open(page, BUNDLE)
    await page.click({ within: widget('bundle'), role: 'button', name: t('bundle.add') })
    await visible(page, { within: widget('bundle'), text: t('bundle.added', { count: 1 }) })
    await visible(page, minicartButton(7))

    await page.hover(widget('minicart'))
    const list: Query = { within: widget('minicart'), role: 'list' }
    await until(
      'two lines in the minicart',
      async () => (await count(page, { within: list, role: 'listitem' })) === 2,
    )
    await visible(page, { text: t('minicart.withoutShipping') })
    await page.click({ role: 'link', name: t('minicart.toCart') })
    await until('the cart page', async () => new URL(await page.url()).pathname === CART)
    await widgetsSettled(page)

    // Changing a quantity on the cart page updates the minicart, another root.
    const quantity: Query = {
      within: widget('cart'),
      role: 'textbox',
      name: /^Quantity of /,
      index: 0,
    }
    const before = Number(await valueOf(page, quantity))
    await page.fill(quantity, String(before + 2))
    await page.press('Tab')
    await visible(page, minicartButton(9))
  },
)

journey(
  'cart → login → delivery with autocomplete, invoice, VAT → a declined card, then the demo card → thank-you',
  async (page) => {
    await addWine(page, '6')
    await open(page, CART)
    const cart = widget('cart')
    await page.fill({ within: cart, role: 'textbox', name: t('login.email') }, CLAIRE.email)
    await page.fill(
      { within: cart, role: 'textbox', name: t('login.password'), exact: true },
      CLAIRE.password,
    )
    await page.click({ within: cart, role: 'button', name: t('login.submit'), exact: true })
    await visible(page, { within: cart, text: t('droplets.balance', { count: 420 }) })

    // Delivery, with the address autocomplete.
    await page.fill({ within: cart, role: 'textbox', name: t('checkout.name') }, 'Jean Martin')
    const street: Query = { within: cart, role: 'combobox', name: t('checkout.street') }
    await page.type(street, 'rue de la loi')
    await page.click({ role: 'option', name: 'Rue de la Loi 16, 1000 Bruxelles' })
    await hasValue(page, street, 'Rue de la Loi 16')
    await hasValue(page, { within: cart, role: 'textbox', name: t('checkout.zip') }, '1000')
    await hasValue(page, { within: cart, role: 'textbox', name: t('checkout.city') }, 'Bruxelles')
    await page.fill(
      { within: cart, role: 'textbox', name: t('checkout.email'), exact: true },
      'jean@example.com',
    )
    await page.fill({ within: cart, role: 'textbox', name: t('checkout.phone') }, '0470 11 22 33')
    const shipping: Query = { within: cart, role: 'region', name: t('checkout.shippingTitle') }
    await containsText(page, shipping, 'Rue de la Loi 16')
    await containsText(page, shipping, '€9.95')

    // Invoice: pre-filled from the user; VAT number checked with its registered name.
    await page.click({ within: cart, role: 'button', name: t('checkout.toInvoice') })
    await until(
      'the invoice tab',
      async () =>
        (await attributeOf(
          page,
          { within: cart, role: 'tab', name: t('checkout.tabInvoice') },
          'aria-selected',
        )) === 'true',
    )
    const vat: Query = { within: cart, role: 'textbox', name: t('vat.label') }
    await page.fill(vat, 'BE 0403.170.701')
    await page.press('Tab')
    await visible(page, {
      within: cart,
      text: t('vat.registeredName', { name: 'Wijnhandel De Druif BV' }),
    })

    // Payment: a declined card, then the demo card.
    await page.click({ within: cart, role: 'button', name: t('checkout.toPayment') })
    const card: Query = { within: cart, role: 'textbox', name: 'Card number' }
    const radio: Query = { within: cart, role: 'radio', name: 'Card' }
    if ((await count(page, radio)) > 0) await page.click(radio)
    const pay: Query = { within: cart, role: 'button', name: /^Pay / }
    await page.type(card, '4000 0000 0000 0002')
    // Pay needs the buyer's age confirmed (not yet in this session), the form by then drawn.
    const age: Query = { within: cart, role: 'checkbox', name: t('payment.ageConfirm') }
    await page.click(age)
    await until('the age box to be checked', async () => (await checkedOf(page, age)) === true)
    await until(
      'Pay to be enabled',
      async () => (await attributeOf(page, pay, 'disabled')) === null,
    )
    await page.click(pay)
    await containsText(page, { within: cart, role: 'alert' }, 'Your card was declined.')

    await page.fill(card, '4242 4242 4242 4242')
    await until(
      'Pay to be enabled',
      async () => (await attributeOf(page, pay, 'disabled')) === null,
    )
    await page.click(pay)
    await visible(page, { within: cart, role: 'heading', name: t('checkout.thanksTitle') }, 20_000)
    await visible(page, { within: cart, text: /Your order S0\d+ is paid/ })
  },
  // The payment flow logs the declined card, as designed.
  { expectErrors: [/declined/i], timeout: 150_000 },
)

journey(
  'sommelier: log in, ask for a dish, the answer streams in with wine suggestions',
  async (page, _size, prodSite) => {
    await open(page, '/en/')
    await page.click({ role: 'button', name: t('sommelier.button') })
    const chat: Query = {
      within: { role: 'dialog', name: t('search.sommelierDialog') },
      role: 'region',
      name: t('sommelier.title'),
    }
    await visible(page, chat)
    await page.fill({ within: chat, role: 'textbox', name: t('login.email') }, CLAIRE.email)
    await page.fill(
      { within: chat, role: 'textbox', name: t('login.password'), exact: true },
      CLAIRE.password,
    )
    await page.click({ within: chat, role: 'button', name: t('login.submit'), exact: true })
    const input: Query = { within: chat, role: 'textbox', name: t('sommelier.inputLabel') }
    await visible(page, input)

    // Record every text the answer shows while it streams.
    await page.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { __seen: seen })
      const log = document.querySelector('[role="log"]')!
      new MutationObserver(() => {
        const last = log.querySelector('li:last-child p')?.textContent ?? ''
        if (last && seen.at(-1) !== last) seen.push(last)
      }).observe(log, { subtree: true, childList: true, characterData: true })
    })
    const thinking = t('sommelier.thinking')
    const parts = async () =>
      (await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).filter(
        (s) => s !== thinking,
      )
    // On the prod server the stream stops after its first events (the role, then two pieces of
    // the answer) until the page shows that part: streamed, however loaded the machine is.
    prodSite?.holdStreams(3)
    const dish = 'Grilled steak tonight'
    await page.type(input, dish)
    await page.press('Enter')
    await visible(page, { within: { within: chat, role: 'log' }, text: dish, exact: true })
    if (prodSite) {
      await until('the first part of the answer', async () => (await parts()).length > 0, 30_000)
      prodSite.releaseStreams()
    }
    const cards: Query = { within: chat, role: 'list', name: t('sommelier.suggestions') }
    await until(
      'four wine suggestions',
      async () => (await count(page, { within: cards, role: 'article' })) === 4,
      30_000,
    )
    const shown = await parts()
    // At least one part shows before the whole answer (a loaded 2-core machine renders fewer,
    // larger parts). WebKit runs this journey on the prod-mode server (below), where it streams.
    assert.ok(shown.length > 1, `the answer streamed in parts (${shown.length} seen)`)
    const answer = shown.at(-1) ?? ''
    for (const part of shown)
      assert.ok(answer.startsWith(part), `"${part}" is a start of the answer`)
    assert.ok(!answer.includes('<<<'), 'the structured part is not shown')
  },
  {
    timeout: 120_000,
    // In WebKit the MSW service worker hands the page a mocked body in one piece: a ReadableStream
    // is not Transferable there, so MSW's page side reads the whole body before posting it to the
    // worker (measured: one chunk after ~0.6 s, against 25 in Firefox). The prod-mode server
    // answers the sommelier itself, streaming the same handler's events over HTTP.
    prodIn: ['webkit'],
  },
)

journey(
  'modal: Tab and Shift+Tab stay in the search dialog; Escape gives focus back',
  async (page) => {
    await open(page, '/en/')
    const trigger: Query = { role: 'button', name: t('search.open') }
    await page.click(trigger)
    const dialog: Query = { role: 'dialog', name: t('search.dialog') }
    await visible(page, dialog)
    await until('the first results', async () => (await hitCount(page, dialog)) > 0)
    const focus = () =>
      page.evaluate(() => {
        const el = document.activeElement
        const inDialog = el?.closest('[role="dialog"]') !== null && el !== document.body
        return {
          inDialog,
          label: el ? `${el.tagName.toLowerCase()} ${el.textContent.trim().slice(0, 40)}` : '',
        }
      })
    // As many steps as the dialog has stops, and two more: the focus wraps around, never leaves.
    const stops = await page.evaluate(
      () =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '[role="dialog"] :is(a[href], button, input, select, textarea, [tabindex])',
          ),
        ].filter(
          (el) =>
            el.tabIndex >= 0 &&
            !(el as HTMLButtonElement).disabled &&
            el.getClientRects().length > 0,
        ).length,
    )
    assert.ok(stops > 2, `the dialog has ${stops} focus stops`)
    for (let i = 0; i < stops + 2; i++) {
      await page.press('Tab')
      const at = await focus()
      assert.ok(at.inDialog, `Tab ${i + 1} of ${stops + 2} left the dialog (focus on ${at.label})`)
    }
    for (let i = 0; i < 3; i++) {
      await page.press('Shift+Tab')
      const at = await focus()
      assert.ok(at.inDialog, `Shift+Tab ${i + 1} left the dialog (focus on ${at.label})`)
    }
    await page.press('Escape')
    await gone(page, dialog)
    await until('the focus back on the search button', () =>
      page.evaluate(
        (name) =>
          document.activeElement?.getAttribute('aria-label') === name ||
          document.activeElement?.textContent.trim() === name,
        t('search.open'),
      ),
    )
  },
)

journey('giftbox: the figures of a 100-gift order add up', async (page) => {
  await open(page, '/en/giftbox')
  const form: Query = { css: '[data-widget="giftbox"] form' }
  await page.fill({ within: form, role: 'spinbutton', name: t('giftbox.gifts') }, '100')
  await page.evaluate(() => {
    // A native <select>: choosing an option through its own list is not part of WebDriver input.
    const select = [
      ...document.querySelectorAll('[data-widget="giftbox"] select'),
    ][0] as HTMLSelectElement
    select.value = '6'
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
  await page.click({
    within: { within: form, role: 'group', name: t('giftbox.box') },
    role: 'radio',
    name: t('giftbox.boxThick'),
  })
  await page.click({
    within: { within: form, role: 'group', name: t('giftbox.colours') },
    role: 'radio',
    name: '2',
    exact: true,
  })
  await page.click({ within: form, role: 'checkbox', name: t('giftbox.letter') })
  const result: Query = { role: 'region', name: t('giftbox.result') }
  // 100 × 11 × 1.5 + 75 × 2 + 100 × 0.65 × 2 + 100 × 0.25 (as in e2e/giftbox.spec.ts)
  for (const [key, amount] of [
    ['giftbox.boxes', '1,650.00'],
    ['giftbox.filmAndSetup', '150.00'],
    ['giftbox.printing', '130.00'],
    ['giftbox.letters', '25.00'],
    ['giftbox.total', '1,955.00'],
    ['giftbox.perGift', '19.55'],
  ] as const) {
    await containsText(
      page,
      { within: result, css: 'dl > div', hasText: t(key) },
      new RegExp(`€\\s?${amount.replace(/[.,]/g, '[.,\\s\\u202f\\u00a0]?')}`),
    )
  }
})

journey(
  'consent: the banner until Refuse, remembered; Accept from Cookie settings',
  async (page) => {
    await open(page, '/en/')
    const banner: Query = { role: 'region', name: t('consent.label') }
    await visible(page, banner)
    await page.click({ within: banner, role: 'button', name: t('consent.refuse') })
    await gone(page, banner)
    assert.match(await page.evaluate(() => document.cookie), /cookieconsent_status=deny/)
    await page.reload()
    await widgetsSettled(page)
    assert.equal(await count(page, banner), 0)
    // A change of mind: the privacy page's Cookie settings button opens the choice again.
    await open(page, '/en/privacy')
    await page.click({ role: 'button', name: t('consent.settings') })
    await visible(page, banner)
    await page.click({ within: banner, role: 'button', name: t('consent.accept') })
    await gone(page, banner)
    assert.match(await page.evaluate(() => document.cookie), /cookieconsent_status=allow/)
  },
)

journey(
  'runtime: a widget tag added after load mounts',
  async (page) => {
    await open(page, '/en/playground')
    await page.click({ role: 'button', name: 'Add a quotes widget' })
    await until('the added tag to mount', async () =>
      page.evaluate(
        () =>
          document.getElementById('dynamic-widget')?.hasAttribute('data-widget-mounted') ?? false,
      ),
    )
    await visible(page, { css: '#dynamic-widget blockquote' })
  },
  // The playground's two broken tags are reported by design.
  { expectErrors: [/wine-roulette/, /data-interval/] },
)

// What Firefox and WebKit showed that Chromium does not.

const PAGES = [
  '/en/giftbox',
  '/en/wines/chateau-roquefort-lalande-bordeaux-superieur',
  '/en/bundles/belgian-discovery',
  '/en/cart',
  '/en/',
  '/en/privacy',
  '/en/giftbox',
  '/en/bundles/belgian-discovery',
]

const path = async (page: Driver) => new URL(await page.url()).pathname

journey(
  'leaving pages while their widgets still load logs no console error (8 quick navigations)',
  async (page) => {
    // The first page loads in full: the demo's mock worker installs there (a fresh browser has
    // none). Left while it installs, the next pages start uncontrolled and MSW reloads them, or
    // WebKit kept the worker activating for good (seen here about once in 20 runs): the demo's
    // own start-up, not the library leaving pages, which the next seven test.
    await open(page, '/en/')
    for (const target of PAGES) {
      // The site's footer links to every page: click the one to `target` as soon as it is there.
      // A click can land on the document that is being replaced (WebKit does not wait for the
      // load here): click again on the new one until the address is the target's. A click that
      // did start the navigation (the document heard `beforeunload`) is waited for, never
      // clicked again: on a slow machine a second click would restart a load that was under way.
      const arrived = (ms?: number) =>
        until(`the page ${target}`, async () => (await path(page)) === target, ms)
      for (let attempt = 1; ; attempt++) {
        // Retried: WebKit gives the new address while the previous document is still unloading,
        // and a script sent to it then fails ("not called before the unload event").
        await until('the page to listen for its leaving', async () => {
          await page.evaluate(() => {
            window.__leaving = false
            addEventListener('beforeunload', () => (window.__leaving = true), { once: true })
          })
          return true
        })
        await page.click({ css: `footer a[href="${target}"]` })
        try {
          // The harness's usual wait (CROSS_WAIT_MS): a loaded machine has taken WebKit over 4 s.
          await arrived()
          break
        } catch (error) {
          // No answer from the page: it is between two documents, so it is leaving.
          const leaving = await page.evaluate(() => window.__leaving === true).catch(() => true)
          if (leaving) {
            await arrived(30_000)
            break
          }
          if (attempt === 3) {
            // Seen in WebKit about once in ten runs: the link itself under the click, no
            // beforeunload after three clicks 10 s apart. A script's navigation tells a lost click
            // (it leaves: this test is about leaving pages, not WebKit's clicks) from a page that
            // cannot leave at all (reproduced once here: it did not leave either, 30 s).
            const where = await page
              .evaluate((href: string) => {
                const link = document.querySelector(`footer a[href="${href}"]`)
                const box = link?.getBoundingClientRect()
                const hit = box
                  ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
                  : null
                return `${location.pathname}, ${document.readyState}, link ${box ? `at ${Math.round(box.x)},${Math.round(box.y)}` : 'absent'}, at its centre: ${hit ? `${hit.tagName.toLowerCase()} ${hit.closest('[data-widget]')?.getAttribute('data-widget') ?? ''} "${hit.textContent.trim().slice(0, 40)}"` : 'nothing'}`
              }, target)
              .catch((e: unknown) => `(no answer: ${String(e)})`)
            const waited = error instanceof Error ? error.message : String(error)
            console.log(`[cross] three clicks did not leave the page (${waited}; ${where})`)
            await page.evaluate((href: string) => location.assign(href), target)
            await arrived(30_000).catch((cause: unknown) => {
              throw new Error(`neither three clicks nor location.assign left: ${where}`, { cause })
            })
            console.log('[cross] location.assign left it: the clicks were lost')
            break
          }
        }
      }
    }
    await widgetsSettled(page)
    const errors = (await consoleEntries(page)).filter((e) => e.type === 'error')
    if (errors.length > 0)
      assert.fail(
        `${errors.length} console errors during the navigations:\n` +
          errors.map((e) => `  ${e.path}: ${e.text}`).join('\n'),
      )
  },
  { sizes: ['desktop'], timeout: 120_000, noLoadWait: true },
)

journey(
  'the widget catalogue stays on / for 3 s',
  async (page) => {
    await open(page, '/')
    const end = Date.now() + 3_000
    while (Date.now() < end) {
      assert.equal(await path(page), '/', 'the catalogue navigated away')
      await new Promise((r) => setTimeout(r, 100))
    }
  },
  { sizes: ['desktop'] },
)

journey(
  'the catalogue: a live example that really navigates (logout goes home) stays put, with the notice',
  async (page) => {
    await open(page, '/')
    const example: Query = { css: '[data-example-for="login"]' }
    await page.fill({ within: example, role: 'textbox', name: t('login.email') }, CLAIRE.email)
    await page.fill(
      { within: example, role: 'textbox', name: t('login.password') },
      CLAIRE.password,
    )
    await page.click({ within: example, role: 'button', name: t('login.submit'), exact: true })
    await page.click({ within: example, role: 'button', name: t('session.logout'), exact: true })
    await containsText(page, { css: '.catalogue-notice' }, 'the catalogue stays here')
    assert.equal(await path(page), '/')
  },
  { sizes: ['desktop'] },
)

journey(
  'widget text uses the page font: labels, fields, buttons and the quotes',
  async (page) => {
    /** The computed font family of the page's <main> and of each selector's first element. */
    const families = (selectors: Record<string, string>) =>
      page.evaluate((wanted: Record<string, string>) => {
        const family = (el: Element | null) => (el ? getComputedStyle(el).fontFamily : null)
        const page = family(document.querySelector('main') ?? document.body)
        const found: Record<string, string | null> = {}
        for (const [name, css] of Object.entries(wanted))
          found[name] = family(document.querySelector(css))
        return { page, found }
      }, selectors)
    const samePage = (fonts: Awaited<ReturnType<typeof families>>) => {
      assert.ok(fonts.page, 'the page has a font family')
      for (const [name, family] of Object.entries(fonts.found))
        assert.equal(family, fonts.page, `${name} is not in the page's font`)
    }

    await open(page, '/en/giftbox')
    samePage(
      await families({
        'the giftbox label': '[data-widget="giftbox"] label',
        'the giftbox number field': '[data-widget="giftbox"] input[type="number"]',
        'the giftbox list of bottles': '[data-widget="giftbox"] select',
        'the header search button': '[data-widget="search"] button',
        'the minicart button': '[data-widget="minicart"] button',
      }),
    )

    await open(page, '/en/')
    const quote: Query = { css: '[data-widget="quotes"] blockquote p' }
    await visible(page, quote)
    samePage(
      await families({
        'the quote': '[data-widget="quotes"] blockquote p',
        'the sommelier button': '[data-widget="sommelier"] button',
      }),
    )
  },
  { sizes: ['desktop'] },
)

journey(
  'Back to a wine page, then add it: the wine added on the next page stays',
  async (page) => {
    const OTHER_WINE = '/en/wines/chateau-lagrange-belair-pauillac-grand-vin'
    const box = widget('wine-tabs')
    const savedNames = () =>
      page.evaluate(() =>
        (
          (
            JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as {
              cart?: { lines?: { name: string }[] }
            }
          ).cart?.lines ?? []
        ).map((l) => l.name),
      )
    await open(page, WINE)
    await page.evaluate(() => {
      window.addEventListener('pageshow', (event) => {
        if (event.persisted) document.documentElement.dataset.restored = 'yes'
      })
    })
    // Used by the visitor before leaving, as a shopper's page is.
    await page.fill({ within: box, role: 'textbox', name: t('wineTabs.quantity') }, '2')
    await open(page, OTHER_WINE)
    await page.click({ within: box, role: 'button', name: t('wineTabs.add') })
    await visible(page, minicartButton(1))
    const other = await savedNames()
    assert.equal(other.length, 1)

    await page.back()
    await until('back on the first wine page', async () => (await path(page)) === WINE)
    await widgetsSettled(page)
    const restored = await page.evaluate(() => document.documentElement.dataset.restored === 'yes')
    console.log(`[cross] the wine page came back from the back/forward cache: ${restored}`)
    await visible(page, minicartButton(1))
    await page.click({ within: box, role: 'button', name: t('wineTabs.add') })
    await visible(page, minicartButton(3))
    const both = await savedNames()
    assert.equal(both.length, 2)
    assert.ok(both.includes(other[0]!), 'the wine added on the other page is still in the cart')
  },
  // Firefox driven over WebDriver BiDi restores no page from the back/forward cache (not even a
  // page without scripts), so there this journey would not test what it is about.
  { sizes: ['desktop'], engines: ['webkit'] },
)

journey(
  'tabs: a wine added in a second tab of the browser is in the first tab too, without a reload',
  async (page) => {
    await addWine(page, '2')
    await visible(page, minicartButton(2))
    // A second tab of the same browser, opened by address: no sessionStorage copied into it.
    const other = await page.openTab(CART)
    try {
      // Waited for by what shows, not by widgetsSettled: WebKit runs no animation frames in the
      // window it is not showing, and one of the two is always hidden.
      await visible(other, minicartButton(2))
      await other.goto('/en/bundles/belgian-discovery')
      await other.click({ within: widget('bundle'), role: 'button', name: t('bundle.add') })
      await visible(other, minicartButton(3))
      // The first tab follows by itself.
      await visible(page, minicartButton(3))
    } finally {
      await other.close()
    }
  },
  { sizes: ['desktop'] },
)
