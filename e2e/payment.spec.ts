import type { BrowserContext, Page } from '@playwright/test'
import { CLAIRE_CONTACT, wineLine } from '../fixtures/checkout'
import { sellsLines } from '../mocks/catalogue'
import { USERS } from '../fixtures/users'
import type { CartLine } from '../src/domain/types'
import { confirmAge, expect, open, test, text } from './helpers'

/**
 * Payment you can trust: each case ends in exactly one charge whose amount equals the
 * confirmed order's total and whose lines are the order's lines. The shopper's state (logged in
 * as Claire, a cart of 6 bottles, both contacts) is seeded once per tab, as a returning shopper
 * would have it; the payment itself goes through the page like a shopper's clicks.
 */
const CART = '/en/cart'
const EMAIL = 'claire@example.com'

const CONTACT = CLAIRE_CONTACT
const line = (quantity: number, extra: Partial<CartLine> = {}) => wineLine({ quantity, ...extra })

interface Seed {
  lines?: CartLine[]
  redeemedPoints?: number
  redeemedPointsAmount?: number
  faults?: Record<string, unknown>
}

/** Logged in with a full checkout, once per tab (a reload or a bank return keeps what it has). */
async function seed(context: BrowserContext | Page, options: Seed = {}) {
  const lines = options.lines ?? [line(6)]
  const store = {
    session: {
      isLoggedIn: true,
      user: { name: 'Claire Dubois', email: EMAIL, odooID: 1001 },
      points: 420,
    },
    cart: {
      orderId: null,
      lines,
      shippingCost: 0,
      redeemedPoints: options.redeemedPoints ?? 0,
      redeemedPointsAmount: options.redeemedPointsAmount ?? 0,
    },
    contacts: {
      delivery: CONTACT,
      invoice: CONTACT,
      vat: { number: '', valid: true, name: '' },
      isValidShipping: false,
    },
    conversation: [],
    payment: null,
    lastActivity: Date.now(),
  }
  const db = { sessionEmail: EMAIL, users: USERS }
  // The back office sells the seeded lines as the cart remembers them (the cart reads them again).
  const catalogue = sellsLines(lines)
  await context.addInitScript(
    ([store, db, faults, catalogue]) => {
      if (sessionStorage.getItem('e2e:seeded')) return
      sessionStorage.setItem('e2e:seeded', '1')
      sessionStorage.setItem('wine-widgets:v1', JSON.stringify(store))
      sessionStorage.setItem('wine-mocks:db', JSON.stringify(db))
      sessionStorage.setItem('wine-mocks:catalogue', JSON.stringify(catalogue))
      if (faults) sessionStorage.setItem('wine-mocks:faults', JSON.stringify(faults))
    },
    [store, db, options.faults ?? null, catalogue] as const,
  )
}

const cartWidget = (page: Page) => page.locator('[data-widget="cart"]')
const payButton = (page: Page) => cartWidget(page).getByRole('button', { name: /^Pay / })
const thanks = (page: Page) =>
  cartWidget(page).getByRole('heading', { name: text('en', 'checkout.thanksTitle') })

async function toPayment(page: Page) {
  await open(page, CART)
  const cart = cartWidget(page)
  await cart.getByRole('tab', { name: text('en', 'checkout.tabPayment') }).click()
  await expect(cart.getByRole('button', { name: /^Pay |^Confirm the order$/ })).toBeVisible()
}

async function card(page: Page, number: string) {
  await confirmAge(cartWidget(page))
  const input = cartWidget(page).getByRole('textbox', { name: 'Card number' })
  await input.fill('')
  await input.pressSequentially(number)
}

async function payWith(page: Page, number: string) {
  await card(page, number)
  await expect(payButton(page)).toBeEnabled()
  await payButton(page).click()
}

const threeDSecure = (page: Page) =>
  page.getByRole('dialog', { name: '3D Secure authentication (demo)' })

/** Logged in with 6 bottles, paying with the 3-D Secure test card: the dialog is open. */
async function inThreeDSecure(page: Page) {
  await seed(page)
  await toPayment(page)
  await payWith(page, '4000000000003220')
  await expect(threeDSecure(page)).toBeVisible()
}

interface Order {
  orderNumber: string
  cartlines: { id: string; quantity: number; price: number }[]
  status: string
  confirmation: Record<string, string> | null
  confirmationsSent: number
}
interface World {
  orders: Order[]
  calls: {
    call: string
    payload: Record<string, unknown>
    fault?: string
    replayed?: boolean
    idempotencyKey?: string
  }[]
  pointUpdates: { document: string; points: number }[]
  charges: { intent: string; amount: number; description: string; method: string }[]
  intents: { id: string; amount: number; description: string; confirmations: number }[]
}

const world = (page: Page): Promise<World> =>
  page.evaluate(() => {
    const mocks = window.__wineMocks!
    const db = mocks.db as unknown as Omit<World, 'charges' | 'intents'>
    const stripe = mocks.stripe.state()
    return {
      orders: db.orders,
      calls: db.calls,
      pointUpdates: db.pointUpdates,
      charges: stripe.charges,
      intents: stripe.intents,
    }
  })

type Call = World['calls'][number]

/**
 * A call that reached the back office's handler: neither the kept answer of an earlier call with
 * its `Idempotency-Key` (replayed) nor a fault answered instead (a `lost` answer did run).
 */
const applied = (c: Call) => !c.replayed && (!c.fault || c.fault === 'lost')

/**
 * The call log of the back office all the tabs talk to. The demo's back office lives in each
 * tab's sessionStorage, so a duplicated tab starts with a copy of the first tab's log: that shared
 * beginning is counted once, then each tab's own calls follow.
 */
async function callLog(pages: Page[]): Promise<Call[]> {
  const [first = [], ...others] = await Promise.all(pages.map(async (p) => (await world(p)).calls))
  const merged = [...first]
  for (const log of others) {
    let shared = 0
    while (
      shared < log.length &&
      shared < first.length &&
      JSON.stringify(log[shared]) === JSON.stringify(first[shared])
    )
      shared += 1
    merged.push(...log.slice(shared))
  }
  return merged
}

/** How many applied calls there are per key. */
function countBy(calls: Call[], name: string, key: (payload: Record<string, unknown>) => string) {
  const counts: Record<string, number> = {}
  for (const c of calls.filter((c) => c.call === name)) {
    const k = key(c.payload)
    counts[k] = (counts[k] ?? 0) + 1
  }
  return counts
}

/** Every key once. */
const once = (counts: Record<string, number>) =>
  Object.fromEntries(Object.keys(counts).map((k) => [k, 1]))

/**
 * The mock's call log proves ("Tests"): one `createorderinodoo` per distinct content,
 * one intent per order and amount, at most one `checkoutorder`, one confirmation and one points
 * update of each kind per order. `pages`: every tab of the case (the first one paid).
 */
async function expectCallLogSane(...pages: Page[]): Promise<Call[]> {
  const calls = (await callLog(pages)).filter(applied)
  const orders = countBy(calls, 'createorderinodoo', (p) =>
    JSON.stringify([p.locale, p.contacts, p.cartlines]),
  )
  expect(orders, 'one createorderinodoo per distinct content').toEqual(once(orders))
  const intents = countBy(
    calls,
    'createpaymentintent',
    (p) => `${String(p.name)}/${String(p.amount_total)}`,
  )
  expect(intents, 'one createpaymentintent per order and amount').toEqual(once(intents))
  const checkouts = countBy(calls, 'checkoutorder', (p) => String(p.orderId))
  expect(
    Object.values(checkouts).reduce((a, b) => a + b, 0),
    'at most one checkoutorder',
  ).toBeLessThanOrEqual(1)
  const confirmations = countBy(calls, 'sendorderconfirmation', (p) => String(p.orderId))
  expect(confirmations, 'one confirmation per order').toEqual(once(confirmations))
  const points = countBy(
    calls,
    'updateuserpoints',
    (p) => `${String(p.document)} ${Number(p.points) < 0 ? 'redeemed' : 'earned'}`,
  )
  expect(points, 'one points update of each kind per order').toEqual(once(points))
  return calls
}

/**
 * The proof the issue asks for: one charge, equal to the confirmed order's total, for the lines
 * the order holds; one order per distinct content; one intent per order and amount; at most one
 * checkout, one confirmation and one points update of each kind per order (`expectCallLogSane`).
 * `page` is the tab that paid (its back office holds the order); `others`, the case's other tabs.
 */
async function expectOneTrueCharge(page: Page, ...others: Page[]): Promise<Order> {
  // The points follow the thank-you: wait until the order is finished (nothing left pending for
  // any tab), so the points updates below are all there is.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('wine-widgets:pending-payments')), {
      message: 'the order is finished, nothing pending',
      timeout: 10_000,
    })
    .toBeNull()
  const w = await world(page)
  expect(w.charges, 'exactly one charge').toHaveLength(1)
  const charge = w.charges[0]!
  const order = w.orders.find((o) => o.orderNumber === charge.description)!
  expect(order.status).toBe('checked-out')
  expect(order.confirmation, 'the confirmation of the charged order').not.toBeNull()
  expect(Math.round(Number(order.confirmation!.total) * 100)).toBe(charge.amount)
  expect(JSON.parse(order.confirmation!.cartlines!)).toEqual(order.cartlines)
  const contents = new Set(w.orders.map((o) => JSON.stringify(o.cartlines)))
  expect(w.orders.length, 'one order per distinct content').toBe(contents.size)
  const intentKeys = w.intents.map((i) => `${i.description}/${i.amount}`)
  expect(new Set(intentKeys).size, 'one intent per order and amount').toBe(intentKeys.length)
  for (const o of w.orders) {
    expect(o.confirmationsSent, `confirmations of ${o.orderNumber}`).toBeLessThanOrEqual(1)
    const points = w.pointUpdates.filter((u) => u.document === o.orderNumber)
    expect(points.filter((u) => u.points < 0).length).toBeLessThanOrEqual(1)
    expect(points.filter((u) => u.points > 0).length).toBeLessThanOrEqual(1)
  }
  const calls = await expectCallLogSane(page, ...others)
  const checkouts = calls.filter((c) => c.call === 'checkoutorder')
  expect(checkouts.map((c) => c.payload.orderId)).toEqual([order.orderNumber])
  const confirmations = calls.filter((c) => c.call === 'sendorderconfirmation')
  expect(confirmations.map((c) => c.payload.orderId)).toEqual([order.orderNumber])
  // The charged order's points: redeemed once if droplets were redeemed, earned once.
  const points = calls
    .filter((c) => c.call === 'updateuserpoints' && c.payload.document === order.orderNumber)
    .map((c) => (Number(c.payload.points) < 0 ? 'redeemed' : 'earned'))
  const redeemed = Number(order.confirmation!.redeemedPoints) > 0
  expect(points, 'the points updates of the charged order').toEqual(
    redeemed ? ['redeemed', 'earned'] : ['earned'],
  )
  return order
}

/**
 * Duplicate a tab: the copy gets the tab's sessionStorage as it is now (the widgets' store with
 * its order number, and the demo back office's state), the same localStorage and Web Locks.
 * With `prefix`, only the keys that start with it (`wine-mocks:`: the back office alone).
 */
async function duplicate(context: BrowserContext, page: Page, prefix = ''): Promise<Page> {
  const saved = await page.evaluate(
    (prefix) =>
      JSON.stringify(
        Object.fromEntries(Object.entries(sessionStorage).filter(([k]) => k.startsWith(prefix))),
      ),
    prefix,
  )
  const copy = await context.newPage()
  await copy.addInitScript((saved) => {
    if (sessionStorage.getItem('e2e:copied')) return
    for (const [k, v] of Object.entries(JSON.parse(saved) as Record<string, string>))
      sessionStorage.setItem(k, v)
    sessionStorage.setItem('e2e:copied', '1')
  }, saved)
  return copy
}

/** Claire's droplets balance in the tab's back office. */
const balance = (page: Page): Promise<number | undefined> =>
  page.evaluate(
    (email) => window.__wineMocks!.db.users.find((u) => u.email === email)?.points,
    EMAIL,
  )

/** The payment locks held and waited for, across every tab of the origin. */
const paymentLocks = (page: Page) =>
  page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query()
    const names = (list: LockInfo[]) =>
      list.map((l) => l.name ?? '').filter((n) => n.startsWith('wine-widgets:payment:'))
    return { held: names(held), pending: names(pending) }
  })

/**
 * Both tabs press Pay at the same moment with the 3-D Secure card: the tab that gets the lock
 * holds it while its authentication is open, so the other one's Pay is under way at the same
 * time, for sure. Resolves once exactly one tab shows the authentication: that one pays.
 */
async function bothPressPay(first: Page, second: Page): Promise<{ payer: Page; other: Page }> {
  const tabs = [first, second]
  for (const tab of tabs) {
    await card(tab, '4000000000003220')
    await expect(payButton(tab)).toBeEnabled()
  }
  await Promise.all(tabs.map((tab) => payButton(tab).click()))
  await expect
    .poll(async () => {
      const shown = await Promise.all(tabs.map((tab) => threeDSecure(tab).isVisible()))
      return shown.filter(Boolean).length
    })
    .toBe(1)
  const payer = (await threeDSecure(first).isVisible()) ? first : second
  return { payer, other: payer === first ? second : first }
}

/**
 * An order whose first card was declined (its order and intent exist), then the tab duplicated:
 * the copy gets this tab's sessionStorage (order number included). Both tabs at the payment step.
 */
async function declinedThenCopied(context: BrowserContext, page: Page): Promise<Page> {
  await seed(page)
  await toPayment(page)
  await payWith(page, '4000000000000002')
  await expect(cartWidget(page).getByRole('alert')).toHaveText('Your card was declined.')
  const copy = await duplicate(context, page)
  await toPayment(copy)
  return copy
}

/**
 * The paying tab completes its authentication and thanks; the other says the order was paid in
 * another window, its cart empty, no thank-you; the points follow once; one true charge.
 */
async function payerPaysOtherFindsPaid(payer: Page, other: Page) {
  await threeDSecure(payer).getByRole('button', { name: 'Complete authentication' }).click()
  await expect(thanks(payer)).toBeVisible()
  await expect(cartWidget(other)).toContainText(text('en', 'payment.alreadyPaid'))
  await expect(cartWidget(other)).toContainText(text('en', 'cart.empty'))
  await expect(thanks(other)).toHaveCount(0)
  await expect.poll(async () => (await world(payer)).pointUpdates.length).toBe(1)
  await expectOneTrueCharge(payer, other)
}

test.describe('payment you can trust', () => {
  // Failures are logged by the flow (console.error), as designed.
  test.use({ allowConsoleErrors: true })

  test('a card payment: one order, one charge, the thank-you with its recap', async ({ page }) => {
    await seed(page)
    await toPayment(page)
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    const order = await expectOneTrueCharge(page)
    await expect(cartWidget(page)).toContainText(`Your order ${order.orderNumber} is paid`)
    await expect(cartWidget(page)).toContainText('Total paid: €75.65')
  })

  test('Pay stays disabled until the buyer confirms being 18 or older; the order carries it', async ({
    page,
  }) => {
    await seed(page)
    await toPayment(page)
    const cart = cartWidget(page)
    const input = cart.getByRole('textbox', { name: 'Card number' })
    await input.pressSequentially('4242424242424242')
    const age = cart.getByRole('checkbox', { name: text('en', 'payment.ageConfirm') })
    await expect(age).not.toBeChecked()
    // A complete card and a known fee: only the box is missing.
    await expect(cart).toContainText('Pay €75.65')
    await expect(payButton(page)).toBeDisabled()
    // Left unticked with the keyboard: the rule shows, tied to the box.
    await age.focus()
    await page.keyboard.press('Tab')
    await expect(age).toHaveAccessibleDescription(text('en', 'payment.ageRequired'))
    await age.focus()
    await page.keyboard.press('Space')
    await expect(age).toBeChecked()
    await expect(payButton(page)).toBeEnabled()
    await payButton(page).click()
    await expect(thanks(page)).toBeVisible()
    const order = await expectOneTrueCharge(page)
    const created = (await world(page)).calls.filter((c) => c.call === 'createorderinodoo')
    expect(created.map((c) => c.payload.age_confirmed)).toEqual(['true'])
    expect(order.orderNumber).toMatch(/^S0\d+$/)
  })

  for (const call of ['checkoutorder', 'sendorderconfirmation'] as const) {
    test(`case 1: ${call} failing after the charge says "payment received" and finishes the same order`, async ({
      page,
    }) => {
      await seed(page, { faults: { [call]: { kind: 'status', status: 500, times: 1 } } })
      await toPayment(page)
      await payWith(page, '4242424242424242')
      await expect(cartWidget(page)).toContainText(text('en', 'payment.finishing'))
      await expect(payButton(page)).toHaveCount(0)
      await expect(cartWidget(page)).not.toContainText(text('en', 'payment.errorProcessing'))
      await expect(thanks(page)).toBeVisible({ timeout: 10_000 })
      const order = await expectOneTrueCharge(page)
      expect(order.cartlines).toEqual([expect.objectContaining({ quantity: 6 })])
    })
  }

  test('updateuserpoints failing after the confirmation: the thank-you at once, the points follow once', async ({
    page,
  }) => {
    await seed(page, { faults: { updateuserpoints: { kind: 'status', status: 500, times: 1 } } })
    await toPayment(page)
    await payWith(page, '4242424242424242')
    // The order is confirmed: the thank-you does not wait for the droplets.
    await expect(thanks(page)).toBeVisible()
    await expect(cartWidget(page)).toContainText('Droplets earned: 7')
    await expect(cartWidget(page)).not.toContainText(text('en', 'payment.errorProcessing'))
    const order = await expectOneTrueCharge(page)
    expect(order.cartlines).toEqual([expect.objectContaining({ quantity: 6 })])
    await expect
      .poll(async () => (await world(page)).pointUpdates, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ document: order.orderNumber, points: 7 })])
    await expectOneTrueCharge(page)
  })

  test('a back office down for good: the order finishes on the next page load', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await seed(page)
    await toPayment(page)
    await page.evaluate(() =>
      window.__wineMocks!.setFault('checkoutorder', { kind: 'status', status: 503 }),
    )
    await payWith(page, '4242424242424242')
    await expect(cartWidget(page)).toContainText(text('en', 'payment.finishing'))
    // Raising the quantity is impossible: the paid cart is gone, the page shows the finishing order.
    await expect(cartWidget(page).getByRole('button', { name: /Remove/ })).toHaveCount(0)
    await expect(cartWidget(page)).toContainText(text('en', 'payment.finishingStalled'), {
      timeout: 45_000,
    })
    await page.evaluate(() => window.__wineMocks!.clearFaults())
    // Any page: the library finishes the order on load.
    await open(page, '/en/')
    // Checked out, then confirmed (the next step): wait for the last one before the proof.
    await expect
      .poll(
        async () => {
          const order = (await world(page)).orders[0]
          return order ? `${order.status}, ${order.confirmationsSent} confirmation(s)` : 'no order'
        },
        { timeout: 10_000 },
      )
      .toBe('checked-out, 1 confirmation(s)')
    await expectOneTrueCharge(page)
  })

  test('only the balance refresh failing never holds the thank-you', async ({ page }) => {
    await seed(page, { faults: { getupdatedpoints: { kind: 'status', status: 500 } } })
    await toPayment(page)
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    await expectOneTrueCharge(page)
  })

  test('bottles added after the thank-you are the next cart: never "paid" without a charge', async ({
    page,
  }) => {
    await seed(page, { faults: { getupdatedpoints: { kind: 'status', status: 500 } } })
    await toPayment(page)
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    const order = await expectOneTrueCharge(page)
    // Another widget on the same page adds a bottle while the thank-you shows.
    await page.evaluate(async () => {
      const wine = document.createElement('div')
      Object.assign(wine.dataset, {
        widget: 'wine-tabs',
        odooCode: 'W10001',
        name: 'Château Lagrange-Belair Pauillac Grand Vin',
        image: '/assets/labels/label-01.svg',
      })
      document.body.append(wine)
      await window.WineWidgets!.mount(wine)
    })
    const wine = page.locator('[data-widget="wine-tabs"]')
    await wine.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
    await expect(wine).toContainText('Added. You now have 1 in your cart.')
    const savedCart = () =>
      page.evaluate(() => {
        const saved = JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as {
          cart?: { lines?: { id: string; quantity: number }[] }
        }
        return (saved.cart?.lines ?? []).map((l) => [l.id, l.quantity])
      })
    // The thank-you is about the paid order only; the bottle stays, as the next cart.
    await expect(cartWidget(page)).toContainText(`Your order ${order.orderNumber} is paid`)
    await expect.poll(savedCart).toEqual([[expect.any(String), 1]])
    // The next visit of the cart: the bottle to pay for, no thank-you, no "is paid".
    await open(page, CART)
    const cart = cartWidget(page)
    await expect(cart.getByRole('textbox', { name: /Quantity of Château Lagrange/ })).toHaveValue(
      '1',
    )
    await expect(thanks(page)).toHaveCount(0)
    await expect(cart).not.toContainText('is paid')
    await cart.getByRole('tab', { name: text('en', 'checkout.tabPayment') }).click()
    await expect(payButton(page)).toBeVisible()
    await expect(payButton(page)).not.toContainText('€75.65')
    expect(await savedCart()).toEqual([[expect.any(String), 1]])
    // Nothing was ordered or charged for it behind the shopper's back.
    const w = await world(page)
    expect(w.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber])
    expect(w.intents).toHaveLength(1)
    await expectOneTrueCharge(page)
  })

  test('declined, the quantity raised to 12, then paid: the order checked out holds 12', async ({
    page,
  }) => {
    await seed(page)
    await toPayment(page)
    await payWith(page, '4000000000000002')
    await expect(cartWidget(page).getByRole('alert')).toHaveText('Your card was declined.')
    const quantity = cartWidget(page).getByRole('textbox', { name: /Quantity of Falize/ })
    await quantity.fill('12')
    await quantity.blur()
    await cartWidget(page)
      .getByRole('tab', { name: text('en', 'checkout.tabPayment') })
      .click()
    await expect(payButton(page)).toContainText('€141.35')
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    const order = await expectOneTrueCharge(page)
    expect(order.cartlines).toEqual([expect.objectContaining({ quantity: 12 })])
    const w = await world(page)
    expect(w.orders.map((o) => [o.status, o.cartlines[0]!.quantity])).toEqual([
      ['created', 6],
      ['checked-out', 12],
    ])
    expect(w.charges[0]!.amount).toBe(14135)
  })

  test('a duplicated tab finds the order paid and never pays it again', async ({
    context,
    page,
  }) => {
    const copy = await declinedThenCopied(context, page)
    // The first tab pays.
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    // The copy shares the cart: the paid wines leave it there too, so nothing is left to pay,
    // and no thank-you shows outside the paying tab.
    await expect(cartWidget(copy)).toContainText(text('en', 'cart.empty'))
    await expect(cartWidget(copy).getByRole('textbox', { name: 'Card number' })).toHaveCount(0)
    await expect(thanks(copy)).toHaveCount(0)
    // A reload of the copy, which still holds its declined flow, pays nothing either.
    await copy.reload()
    await expect(cartWidget(copy)).toContainText(text('en', 'cart.empty'))
    await expect(thanks(copy)).toHaveCount(0)
    const w = await world(page)
    expect(w.charges).toHaveLength(1)
    const copyCalls = await copy.evaluate(() => window.__wineMocks!.db.calls.map((c) => c.call))
    expect(copyCalls.filter((c) => c === 'checkoutorder' || c === 'updateuserpoints')).toEqual([])
    // The points follow the thank-you: wait for them before the proof.
    await expect.poll(async () => (await world(page)).pointUpdates.length).toBe(1)
    const order = await expectOneTrueCharge(page, copy)
    expect(order.cartlines).toEqual([expect.objectContaining({ quantity: 6 })])
    expect((await world(page)).charges[0]!.amount).toBe(7565)
    // The droplets are credited once, by the tab that paid: 420 + 7, and nothing in the copy.
    const credited = (await callLog([page, copy])).filter(
      (c) => applied(c) && c.call === 'updateuserpoints',
    )
    expect(credited.map((c) => [c.payload.document, Number(c.payload.points)])).toEqual([
      [order.orderNumber, 7],
    ])
    expect(await balance(page)).toBe(427)
    expect((await world(copy)).pointUpdates).toEqual([])
  })

  test('while one tab pays, another tab of the cart holds its lines and says why; then it is empty', async ({
    context,
    page,
  }) => {
    await seed(page)
    await toPayment(page)
    // A tab opened by address: the cart comes from the other tab. (Each tab runs its own mock
    // back office: this one is given the same catalogue and users, as one real server would be.)
    const other = await duplicate(context, page, 'wine-mocks:')
    await open(other, CART)
    const plus = cartWidget(other).getByRole('button', { name: /^More of / })
    await expect(plus).toBeEnabled()

    await payWith(page, '4000000000003220')
    await expect(threeDSecure(page)).toBeVisible()
    await expect(cartWidget(other).getByRole('status')).toHaveText(
      text('en', 'cart.payingElsewhere'),
    )
    await expect(plus).toBeDisabled()

    await threeDSecure(page).getByRole('button', { name: 'Complete authentication' }).click()
    await expect(thanks(page)).toBeVisible()
    // The paid wines left every tab's cart; only the paying tab thanks.
    await expect(cartWidget(other)).toContainText(text('en', 'cart.empty'))
    await expect(thanks(other)).toHaveCount(0)
    expect((await world(page)).charges).toHaveLength(1)
  })

  test('two tabs of one order press Pay at the same moment: one pays, the other waits for it and finds it paid', async ({
    context,
    page,
  }) => {
    const copy = await declinedThenCopied(context, page)
    const declined = (await world(page)).intents.map((i) => i.confirmations)
    expect(declined).toEqual([1])
    // One tab authenticates; the other waits for the same lock (Web Locks, across the tabs).
    const { payer, other } = await bothPressPay(page, copy)
    // The paying tab holds its cart's lock and its flow's; the other waits for one of them.
    await expect
      .poll(() => paymentLocks(page))
      .toEqual({
        held: expect.arrayContaining([expect.stringMatching(/^wine-widgets:payment:cart:/)]),
        pending: [expect.any(String)],
      })
    const locks = await paymentLocks(page)
    expect(locks.held).toHaveLength(2)
    expect(locks.held).toContain(locks.pending[0])
    await expect(threeDSecure(other)).toHaveCount(0)
    await payerPaysOtherFindsPaid(payer, other)
    // The intent was confirmed once more (after the declined card), by the paying tab only: the
    // waiting tab never confirmed it again.
    expect((await world(payer)).intents.map((i) => i.confirmations)).toEqual([2])
    expect(await paymentLocks(page)).toEqual({ held: [], pending: [] })
  })

  test('a tab duplicated before any payment: both press Pay at the same moment, one order and one charge', async ({
    context,
    page,
  }) => {
    await seed(page)
    // The cart page gives the seeded cart its identity (saved at once); the copy shares it. No
    // order, no intent yet: each tab would start a flow of its own.
    await toPayment(page)
    const copy = await duplicate(context, page)
    await toPayment(copy)
    expect((await world(page)).intents).toEqual([])
    // The cart's lock: one tab starts the order and authenticates, the other waits for it.
    const { payer, other } = await bothPressPay(page, copy)
    await payerPaysOtherFindsPaid(payer, other)
    // The waiting tab made no order and no intent of its own.
    const otherCalls = await other.evaluate(() => window.__wineMocks!.db.calls.map((c) => c.call))
    expect(otherCalls.filter((c) => c === 'createorderinodoo' || c === 'checkoutorder')).toEqual([])
    expect((await world(payer)).intents).toHaveLength(1)
    expect(await paymentLocks(page)).toEqual({ held: [], pending: [] })
  })

  for (const call of ['createorderinodoo', 'sendorderconfirmation', 'updateuserpoints'] as const) {
    test(`case 5: a lost ${call} answer is retried with the same key and has no second effect`, async ({
      page,
    }) => {
      await seed(page, { faults: { [call]: { kind: 'lost', times: 1 } } })
      await toPayment(page)
      await payWith(page, '4242424242424242')
      if (call === 'createorderinodoo') {
        // Before the charge: the shop's message, then Pay again.
        await expect(cartWidget(page).getByRole('alert')).toHaveText(
          text('en', 'payment.errorOrder'),
        )
        await payButton(page).click()
      }
      await expect(thanks(page)).toBeVisible({ timeout: 10_000 })
      await expectOneTrueCharge(page)
      const w = await world(page)
      expect(w.orders).toHaveLength(1)
      expect(w.orders[0]!.confirmationsSent).toBe(1)
      // The points follow the thank-you: wait for the retry of a lost points answer.
      const keysOf = async () =>
        (await world(page)).calls.filter((c) => c.call === call).map((c) => c.idempotencyKey)
      await expect.poll(async () => (await keysOf()).length, { timeout: 10_000 }).toBe(2)
      const keys = await keysOf()
      expect(keys[0]).toBe(keys[1])
      expect((await world(page)).pointUpdates).toHaveLength(1)
    })
  }

  test('a lost redemption answer is retried with the same key: the droplets are redeemed once', async ({
    page,
  }) => {
    // 100 droplets (€20, the least that can be redeemed); the first points update (the
    // redemption) is applied by the back office, but its answer is lost.
    await seed(page, {
      redeemedPoints: 100,
      redeemedPointsAmount: 20,
      faults: { updateuserpoints: { kind: 'lost', times: 1 } },
    })
    await toPayment(page)
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible({ timeout: 10_000 })
    // The points follow the thank-you: the redemption's retry, then the droplets earned.
    await expect
      .poll(async () => (await world(page)).pointUpdates.length, { timeout: 10_000 })
      .toBe(2)
    const order = await expectOneTrueCharge(page)
    const w = await world(page)
    const redemptions = w.calls.filter(
      (c) => c.call === 'updateuserpoints' && Number(c.payload.points) < 0,
    )
    // Sent twice with one key: applied once (its answer lost), then answered from the kept answer.
    expect(redemptions.map((c) => [c.fault ?? 'answered', c.replayed ?? false])).toEqual([
      ['lost', false],
      ['answered', true],
    ])
    // The redemption's key for this order, led by the flow's random id (never guessable).
    expect(redemptions[0]!.idempotencyKey).toMatch(
      new RegExp(`^points-redeemed-[\\w-]{20,}-${order.orderNumber}$`),
    )
    expect(redemptions[1]!.idempotencyKey).toBe(redemptions[0]!.idempotencyKey)
    expect(redemptions.filter(applied)).toHaveLength(1)
    const [redeemed, earned] = w.pointUpdates
    expect(redeemed).toMatchObject({ document: order.orderNumber, points: -100 })
    expect(earned).toMatchObject({ document: order.orderNumber, points: expect.any(Number) })
    expect(earned!.points).toBeGreaterThan(0)
    await expect(cartWidget(page)).toContainText(`Droplets earned: ${earned!.points}`)
    // The balance dropped once: 420 − 100 + what the order earned.
    expect(await balance(page)).toBe(420 - 100 + earned!.points)
  })

  test('a reload during 3-D Secure shows the authentication again, then pays once', async ({
    page,
  }) => {
    await inThreeDSecure(page)
    await page.reload()
    const dialog = threeDSecure(page)
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Complete authentication' }).click()
    await expect(thanks(page)).toBeVisible()
    await expectOneTrueCharge(page)
    const w = await world(page)
    expect(w.intents).toHaveLength(1)
  })

  test('authenticated while the page reloaded: the succeeded intent is read, never confirmed again', async ({
    page,
  }) => {
    await inThreeDSecure(page)
    // The bank completes the authentication while the tab reloads.
    await page.evaluate(() => {
      const intent = window.__wineMocks!.stripe.state().intents[0]!
      window.__wineMocks!.stripe.charge(intent.id, 'card')
    })
    await page.reload()
    await expect(thanks(page)).toBeVisible()
    await expectOneTrueCharge(page)
    const w = await world(page)
    expect(w.intents[0]!.confirmations).toBe(1)
  })

  test('an order the droplets cover entirely is confirmed without a payment intent', async ({
    page,
  }) => {
    await seed(page, {
      lines: [line(1, { price: 40, free_shipping: true })],
      redeemedPoints: 200,
      redeemedPointsAmount: 40,
    })
    await toPayment(page)
    await expect(cartWidget(page)).toContainText(text('en', 'payment.free'))
    await confirmAge(cartWidget(page))
    await cartWidget(page)
      .getByRole('button', { name: text('en', 'payment.confirmFree') })
      .click()
    await expect(thanks(page)).toBeVisible()
    await expect(cartWidget(page)).toContainText('Total paid: €0.00')
    // The points follow the thank-you: the redemption, then the droplets earned.
    await expect
      .poll(async () => (await world(page)).pointUpdates.map((u) => u.points), { timeout: 10_000 })
      .toEqual([-200, 4])
    const w = await world(page)
    // No payment intent at all: none asked of the back office, none at the provider, no charge.
    expect(w.calls.filter((c) => c.call === 'createpaymentintent')).toEqual([])
    expect(w.intents).toEqual([])
    expect(w.charges).toEqual([])
    // One order, checked out, confirmed exactly once with a total of 0.
    expect(w.orders).toHaveLength(1)
    const order = w.orders[0]!
    expect(order.status).toBe('checked-out')
    expect(order.confirmationsSent).toBe(1)
    expect(Number(order.confirmation!.total)).toBe(0)
    expect(JSON.parse(order.confirmation!.cartlines!)).toEqual(order.cartlines)
    const calls = await expectCallLogSane(page)
    for (const step of ['checkoutorder', 'sendorderconfirmation'])
      expect(
        calls.filter((c) => c.call === step).map((c) => c.payload.orderId),
        step,
      ).toEqual([order.orderNumber])
  })
})

test.describe('prices that changed since the wine was added', () => {
  const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '')
  const eur = (amount: number) =>
    new Intl.NumberFormat('en-BE', { style: 'currency', currency: 'EUR' }).format(amount)

  test('the catalogue raised the price after the add: Pay shows it and charges nothing; Pay again charges the new price once', async ({
    page,
  }) => {
    // Claire, logged in with her contacts and an empty cart, adds 2 bottles on the wine page.
    await seed(page, { lines: [] })
    await open(page, WINE)
    const box = page.locator('[data-widget="wine-tabs"]')
    await box.getByLabel(text('en', 'wineTabs.quantity')).fill('2')
    await box.getByRole('button', { name: text('en', 'wineTabs.add') }).click()
    await expect(box.getByText(fill(text('en', 'wineTabs.added'), { count: '2' }))).toBeVisible()
    // The line as the widgets' store saved it (its shape: src/domain/types.ts, CartLine).
    const added = await page.evaluate(
      () =>
        (
          JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as {
            cart: {
              lines: { id: string; name: string; vintage: string; volume: string; price: number }[]
            }
          }
        ).cart.lines[0]!,
    )
    const shipping = 9.95
    await toPayment(page)
    await card(page, '4242424242424242')
    await expect(payButton(page)).toHaveText(`Pay ${eur(2 * added.price + shipping)}`)

    // Meanwhile the shop raises the price by 1.50.
    const price = Math.round((added.price + 1.5) * 100) / 100
    await page.evaluate(([id, price]) => window.__wineMocks!.changeCatalogue({ [id]: { price } }), [
      added.id,
      price,
    ] as const)
    await payButton(page).click()

    // The notice above the lines names the change and takes the focus; nothing is created.
    const cart = cartWidget(page)
    const notice = cart.getByText(text('en', 'cart.changedTitle')).locator('..')
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('listitem')).toHaveText([
      `${added.name} ${added.vintage} · ${added.volume}: new price ${eur(added.price)} → ${eur(price)}`,
    ])
    await expect(notice).toContainText(text('en', 'payment.cartChanged'))
    await expect(notice).toBeFocused()
    const before = await world(page)
    expect(before.orders).toEqual([])
    expect(before.intents).toEqual([])
    expect(before.calls.filter((c) => c.call === 'createorderinodoo')).toEqual([])

    // The new total on the Pay button; pressed again, it pays that.
    const total = Math.round((2 * price + shipping) * 100) / 100
    await expect(payButton(page)).toHaveText(`Pay ${eur(total)}`)
    await payButton(page).click()
    await expect(thanks(page)).toBeVisible()
    await expect(cart).toContainText(`Total paid: ${eur(total)}`)
    const order = await expectOneTrueCharge(page)
    const w = await world(page)
    expect(w.orders).toHaveLength(1)
    expect(w.intents).toHaveLength(1)
    expect(w.charges[0]!.amount).toBe(Math.round(total * 100))
    expect(order.cartlines).toEqual([expect.objectContaining({ id: added.id, quantity: 2, price })])
    expect(Number(order.confirmation!.total)).toBe(total)
  })
})

test.describe('Bancontact', () => {
  test.use({ allowConsoleErrors: true })

  async function toBank(page: Page) {
    await seed(page)
    await toPayment(page)
    const cart = cartWidget(page)
    await cart.getByRole('radio', { name: 'Bancontact' }).check()
    await cart.getByRole('textbox', { name: 'Full name' }).fill('Claire Dubois')
    await confirmAge(cart)
    await payButton(page).click()
    await page.waitForURL(/\/demo\/bank/)
    await expect(page.getByRole('heading', { name: /Demo bank/ })).toBeVisible()
  }

  test('approved at the bank: back on the cart page, paid exactly once', async ({ page }) => {
    await toBank(page)
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.waitForURL(/\/en\/cart/)
    await expect(thanks(page)).toBeVisible()
    const order = await expectOneTrueCharge(page)
    expect((await world(page)).charges[0]!.method).toBe('bancontact')
    // The return parameters are gone: a reload is not a second return.
    expect(page.url()).not.toContain('payment_intent')
    await page.reload()
    await expect(cartWidget(page)).toContainText(text('en', 'cart.empty'))
    expect((await world(page)).charges).toHaveLength(1)
    expect(order.status).toBe('checked-out')
  })

  test('approved at the bank in a new tab with no saved progress: the intent is read first, paid exactly once', async ({
    context,
    page,
  }) => {
    await toBank(page)
    const bank = page.url()
    // The mock back office keeps its state in the tab's sessionStorage ('wine-mocks:db', see
    // mocks/db.ts); the real back office is a server every tab talks to. So the new tab gets a
    // copy of that state (orders, intents' order, the session), and nothing else: not the
    // widgets' store ('wine-widgets:v1'), where the tab that paid kept its progress.
    const backOffice = await page.evaluate(() => sessionStorage.getItem('wine-mocks:db') ?? '')
    // The tab that left for the bank is gone (the banking app opens the return in a new tab).
    await page.close()
    const fresh = await context.newPage()
    await fresh.addInitScript((db) => {
      if (!sessionStorage.getItem('wine-mocks:db')) sessionStorage.setItem('wine-mocks:db', db)
    }, backOffice)
    await fresh.goto(bank)
    await fresh.getByRole('button', { name: 'Approve' }).click()
    await fresh.waitForURL(/\/en\/cart/)
    await expect(thanks(fresh)).toBeVisible()
    const order = await expectOneTrueCharge(fresh)
    expect(order.cartlines).toEqual([expect.objectContaining({ quantity: 6 })])
    expect((await world(fresh)).charges[0]!.method).toBe('bancontact')
    await expect(fresh).not.toHaveURL(/payment_intent/)
    // Nothing is left pending, and a reload is not a second return.
    expect(
      await fresh.evaluate(() => localStorage.getItem('wine-widgets:pending-payments')),
    ).toBeNull()
    await fresh.reload()
    await expect(cartWidget(fresh)).toContainText(text('en', 'cart.empty'))
    await expectOneTrueCharge(fresh)
  })

  test("declined at the bank: the cart is intact with the bank's message", async ({ page }) => {
    await toBank(page)
    await page.getByRole('button', { name: 'Decline' }).click()
    await page.waitForURL(/\/en\/cart/)
    await expect(cartWidget(page).getByRole('alert')).toHaveText(
      'The payment was declined by the bank.',
    )
    await expect(cartWidget(page).getByRole('textbox', { name: /Quantity of Falize/ })).toHaveValue(
      '6',
    )
    const w = await world(page)
    expect(w.charges).toEqual([])
    expect(w.calls.filter((c) => c.call === 'checkoutorder')).toEqual([])
    // Paying by card afterwards reuses the order and its intent.
    await cartWidget(page).getByRole('radio', { name: 'Card' }).check()
    await payWith(page, '4242424242424242')
    await expect(thanks(page)).toBeVisible()
    await expectOneTrueCharge(page)
    expect((await world(page)).orders).toHaveLength(1)
  })

  test('abandoned at the bank: the cart is intact and says the payment was not completed', async ({
    page,
  }) => {
    await toBank(page)
    await page.getByRole('button', { name: 'Abandon' }).click()
    await page.waitForURL(/\/en\/cart/)
    await expect(cartWidget(page).getByRole('alert')).toHaveText(text('en', 'payment.notCompleted'))
    await expect(
      cartWidget(page).getByRole('textbox', { name: /Quantity of Falize/ }),
    ).toBeEnabled()
    expect((await world(page)).charges).toEqual([])
  })
})
