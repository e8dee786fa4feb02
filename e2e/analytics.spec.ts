import type { Page } from '@playwright/test'
import { CLAIRE_CONTACT } from '../fixtures/checkout'
import { USERS } from '../fixtures/users'
import { confirmAge, expect, open, test, text } from './helpers'

/**
 * GA4 analytics (docs/analytics.md): the demo turns them on for a browser carrying the cookie
 * `wine_demo_analytics=ga4` (demo-pages/site.mjs). A shopper's journey: a wine page before
 * consent pushes nothing; after the consent banner's Accept, view_item, add_to_cart, view_cart,
 * begin_checkout, add_to_cart and remove_from_cart on the cart line, add_payment_info and one
 * purchase with the order number, also after a reload. A bundle page pushes its view_item.
 */
const WINE = '/en/wines/chateau-lagrange-belair-pauillac-grand-vin'
const EMAIL = 'claire@example.com'

interface Pushed {
  event?: string
  search_term?: string
  ecommerce?: {
    currency: string
    value: number
    transaction_id?: string
    payment_type?: string
    items: { item_id: string; item_name: string; item_variant?: string; quantity: number }[]
  } | null
}

const dataLayer = (page: Page): Promise<Pushed[]> =>
  page.evaluate(() => (window.dataLayer ?? []) as unknown as Pushed[])
const eventsOf = (pushed: Pushed[]) => pushed.flatMap((p) => (p.event ? [p.event] : []))

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'wine_demo_analytics', value: 'ga4', url: baseURL! }])
  // Logged in as Claire with both contacts, an empty cart (once per tab, as payment.spec does).
  const store = {
    session: {
      isLoggedIn: true,
      user: { name: 'Claire Dubois', email: EMAIL, odooID: 1001 },
      points: 420,
    },
    cart: { orderId: null, lines: [], shippingCost: 0, redeemedPoints: 0, redeemedPointsAmount: 0 },
    contacts: {
      delivery: CLAIRE_CONTACT,
      invoice: CLAIRE_CONTACT,
      vat: { number: '', valid: true, name: '' },
      isValidShipping: false,
    },
    conversation: [],
    payment: null,
    lastActivity: Date.now(),
  }
  await context.addInitScript(
    ([store, db]) => {
      if (sessionStorage.getItem('e2e:seeded')) return
      sessionStorage.setItem('e2e:seeded', '1')
      sessionStorage.setItem('wine-widgets:v1', JSON.stringify(store))
      sessionStorage.setItem('wine-mocks:db', JSON.stringify(db))
    },
    [store, { sessionEmail: EMAIL, users: USERS }] as const,
  )
})

test('the config block carries analytics only with the demo cookie', async ({ page, context }) => {
  // The page as the server sends it (the request shares the context's cookies): the config block
  // is the server's doing, and reading the HTML cannot race with anything the live page does.
  const config = async (): Promise<{ analytics?: unknown }> => {
    const html = await (await page.request.get('/en/giftbox')).text()
    const block = /<script[^>]*id="wine-widgets-config"[^>]*>([\s\S]*?)<\/script>/.exec(html)
    expect(block, 'the page has a config block').not.toBeNull()
    return JSON.parse(block![1]!) as { analytics?: unknown }
  }
  expect((await config()).analytics).toEqual({ ga4: true })
  await context.clearCookies()
  expect((await config()).analytics).toBeUndefined()
})

/** The data layer with each gtag command (an arguments object) as `{ gtag: [...] }`. */
const layerRead = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? // Checked just above: an arguments object is array-like.
          { gtag: Array.from(entry as ArrayLike<unknown>) }
        : entry,
    ),
  )
const consentCommands = async (page: Page) =>
  (await layerRead(page)).flatMap((entry) =>
    'gtag' in entry && Array.isArray(entry.gtag) && entry.gtag[0] === 'consent' ? [entry.gtag] : [],
  )
const SIGNALS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage']
const all = (value: 'granted' | 'denied') =>
  Object.fromEntries(SIGNALS.map((signal) => [signal, value]))
const DEFAULT = ['consent', 'default', { ...all('denied'), wait_for_update: 500 }]

test('refused: Consent Mode denied and no e-commerce push while shopping; Accept from Cookie settings grants, the next add_to_cart is pushed', async ({
  page,
}) => {
  await open(page, WINE)
  await page.getByRole('button', { name: text('en', 'consent.refuse') }).click()

  // The wine page again: the default first, then the stored answer, and no event.
  await open(page, WINE)
  const wine = page.locator('[data-widget="wine-tabs"]')
  await wine.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
  await expect
    .poll(() => consentCommands(page))
    .toEqual([DEFAULT, ['consent', 'update', all('denied')]])
  const first = (await layerRead(page))[0]
  expect(first).toEqual({ gtag: DEFAULT })

  // The cart page shows the wine added (view_cart, begin_checkout would follow): nothing pushed.
  await open(page, '/en/cart')
  await expect(
    page
      .locator('[data-widget="cart"]')
      .getByText('Château Lagrange-Belair Pauillac Grand Vin')
      .first(),
  ).toBeVisible()
  await expect.poll(() => consentCommands(page)).toHaveLength(2)
  expect(eventsOf(await dataLayer(page))).toEqual([])

  // A change of mind on the privacy page: update granted at once.
  await open(page, '/en/privacy')
  await page.getByRole('button', { name: text('en', 'consent.settings') }).click()
  await page.getByRole('button', { name: text('en', 'consent.accept') }).click()
  await expect
    .poll(() => consentCommands(page))
    .toEqual([DEFAULT, ['consent', 'update', all('denied')], ['consent', 'update', all('granted')]])

  // The next page starts granted, and the next add_to_cart is pushed.
  await open(page, WINE)
  await expect
    .poll(() => consentCommands(page))
    .toEqual([DEFAULT, ['consent', 'update', all('granted')]])
  await expect.poll(async () => eventsOf(await dataLayer(page))).toEqual(['view_item'])
  await wine.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
  await expect
    .poll(async () => eventsOf(await dataLayer(page)))
    .toEqual(['view_item', 'add_to_cart'])
})

test('a journey pushes GA4 e-commerce events after consent only, and one purchase', async ({
  page,
}) => {
  // Before consent: the wine shows, nothing is pushed.
  await open(page, WINE)
  const wine = page.locator('[data-widget="wine-tabs"]')
  await expect(wine.getByRole('button', { name: text('en', 'wineTabs.add') })).toBeVisible()
  // The analytics chunk is there (so a view_item would have been pushed, had consent been given).
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/chunks\/ga4-[\w-]+\.js$/.test(e.name)),
  )
  expect(eventsOf(await dataLayer(page))).toEqual([])

  // Consent, then the same page: view_item for the vintage and volume shown.
  await page.getByRole('button', { name: text('en', 'consent.accept') }).click()
  await open(page, WINE)
  await expect.poll(async () => eventsOf(await dataLayer(page))).toEqual(['view_item'])
  const [viewed] = (await dataLayer(page)).filter((p) => p.event === 'view_item')
  expect(viewed!.ecommerce).toMatchObject({
    currency: 'EUR',
    items: [
      {
        item_id: 'W10001',
        item_name: 'Château Lagrange-Belair Pauillac Grand Vin',
        item_variant: expect.stringMatching(/^\d{4} \d+(\.\d+)?c?l$/i),
        quantity: 1,
      },
    ],
  })

  // Add to cart: the push follows the click.
  await wine.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
  await expect
    .poll(async () => eventsOf(await dataLayer(page)))
    .toEqual(['view_item', 'add_to_cart'])
  const added = (await dataLayer(page)).find((p) => p.event === 'add_to_cart')!
  expect(added.ecommerce!.items).toEqual([
    expect.objectContaining({ item_id: 'W10001', quantity: 1 }),
  ])
  expect(added.ecommerce!.value).toBe(viewed!.ecommerce!.value)
  // Each e-commerce push is preceded by the clearing push Google asks for.
  const layer = await dataLayer(page)
  const at = layer.findIndex((p) => p.event === 'add_to_cart')
  expect(layer[at - 1]).toEqual({ ecommerce: null })

  // The cart: view_cart and begin_checkout (logged in, the checkout shows).
  await open(page, '/en/cart')
  const cart = page.locator('[data-widget="cart"]')
  await expect
    .poll(async () => eventsOf(await dataLayer(page)))
    .toEqual(['view_cart', 'begin_checkout'])

  // More, then fewer on the cart line (1 → 6 → 1): add_to_cart and remove_from_cart with the
  // bottles that moved; the order stays one bottle.
  const wineName = 'Château Lagrange-Belair Pauillac Grand Vin'
  const line = cart.getByRole('list', { name: text('en', 'cart.lines') }).getByRole('listitem')
  await line
    .getByRole('button', { name: text('en', 'cart.plus').replace('{{name}}', wineName) })
    .click()
  await expect(line.getByRole('textbox')).toHaveValue('6')
  await line
    .getByRole('button', { name: text('en', 'cart.minus').replace('{{name}}', wineName) })
    .click()
  await expect(line.getByRole('textbox')).toHaveValue('1')
  await expect
    .poll(async () => eventsOf(await dataLayer(page)))
    .toEqual(['view_cart', 'begin_checkout', 'add_to_cart', 'remove_from_cart'])
  const removed = (await dataLayer(page)).find((p) => p.event === 'remove_from_cart')!
  expect(removed.ecommerce).toMatchObject({
    currency: 'EUR',
    items: [
      {
        item_id: 'W10001',
        item_name: wineName,
        item_variant: added.ecommerce!.items[0]!.item_variant,
        quantity: 5,
      },
    ],
  })
  expect(removed.ecommerce!.value).toBeCloseTo(added.ecommerce!.value * 5, 2)

  // Pay with the demo card: add_payment_info, then the purchase with the order number.
  await cart.getByRole('tab', { name: text('en', 'checkout.tabPayment') }).click()
  await confirmAge(cart)
  const card = cart.getByRole('textbox', { name: 'Card number' })
  await card.pressSequentially('4242424242424242')
  const pay = cart.getByRole('button', { name: /^Pay / })
  await expect(pay).toBeEnabled()
  await pay.click()
  await expect(
    cart.getByRole('heading', { name: text('en', 'checkout.thanksTitle') }),
  ).toBeVisible()
  await expect
    .poll(async () => eventsOf(await dataLayer(page)))
    .toEqual([
      'view_cart',
      'begin_checkout',
      'add_to_cart',
      'remove_from_cart',
      'add_payment_info',
      'purchase',
    ])
  const pushed = await dataLayer(page)
  const payment = pushed.find((p) => p.event === 'add_payment_info')!
  expect(payment.ecommerce).toMatchObject({ currency: 'EUR', payment_type: 'card' })
  const purchase = pushed.find((p) => p.event === 'purchase')!.ecommerce!
  const orders = await page.evaluate(
    () => (window.__wineMocks!.db as unknown as { orders: { orderNumber: string }[] }).orders,
  )
  expect(orders).toHaveLength(1)
  expect(purchase).toMatchObject({
    currency: 'EUR',
    transaction_id: orders[0]!.orderNumber,
    value: added.ecommerce!.value,
    items: [expect.objectContaining({ item_id: 'W10001', quantity: 1 })],
  })
  expect(await page.evaluate(() => localStorage.getItem('wine-widgets:ga4-purchases'))).toBe(
    JSON.stringify([orders[0]!.orderNumber]),
  )

  // A reload of the cart page never pushes the purchase again.
  await open(page, '/en/cart')
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
  expect(eventsOf(await dataLayer(page))).not.toContain('purchase')
})

test('a bundle page pushes one view_item with the bundle’s id once the consent cookie says yes', async ({
  page,
}) => {
  await page
    .context()
    .addCookies([
      { name: 'cookieconsent_status', value: 'dismiss', url: test.info().project.use.baseURL! },
    ])
  await open(page, '/en/bundles/belgian-discovery')
  await expect(
    page.locator('[data-widget="bundle"]').getByRole('button', { name: text('en', 'bundle.add') }),
  ).toBeVisible()
  await expect.poll(async () => eventsOf(await dataLayer(page))).toEqual(['view_item'])
  const [viewed] = (await dataLayer(page)).filter((p) => p.event === 'view_item')
  expect(viewed!.ecommerce).toMatchObject({
    currency: 'EUR',
    items: [{ item_id: 'BUN-001', item_name: 'Belgian discovery box', quantity: 1 }],
  })
})

test('a settled search query is pushed as search with its term', async ({ page }) => {
  await page
    .context()
    .addCookies([
      { name: 'cookieconsent_status', value: 'dismiss', url: test.info().project.use.baseURL! },
    ])
  await open(page, '/en/giftbox')
  await page.locator('[data-widget="search"]').getByRole('button').first().click()
  await page.getByRole('searchbox').pressSequentially('merlot')
  await expect
    .poll(async () => (await dataLayer(page)).filter((p) => p.event === 'search'))
    .toEqual([{ event: 'search', search_term: 'merlot' }])
})
