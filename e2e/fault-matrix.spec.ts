import type { Locator, Page } from '@playwright/test'
import { CLAIRE_CONTACT, wineLine } from '../fixtures/checkout'
import { USERS } from '../fixtures/users'
import { sellsLines } from '../mocks/catalogue'
import { CALL_NAMES, type CallName, type Fault } from '../mocks/faults'
import { confirmAge, expect, open, test, text, type ConsoleLog } from './helpers'

/**
 * The fault matrix (docs/architecture.md "Resilience"): every call the widgets make fails in
 * every way the mock can make it fail (HTTP 500, network error, malformed answer, a slow answer,
 * no answer at all), on a page that makes that call, and the page ends usable: the shop's
 * message or state, nothing lost, and where it applies the same action works once the service is
 * back. A slow answer (2.5 s) must simply end with the normal result.
 *
 * For a hanging call the page's clock is Playwright's: the hang is waited out by moving the clock
 * past the call's timeout (15 s, payment steps 45 s, rules 5 s, sommelier 30 s, search client
 * retries). `lost` (the server did it, the answer never came) runs for the calls that change
 * something and that the shopper may repeat.
 */
test.describe.configure({ timeout: 90_000 })
// Failures are logged by design ("only logged"); each row checks what the shopper sees.
test.use({ allowConsoleErrors: true })

const KINDS = ['500', 'network', 'malformed', 'slow', 'hang', 'lost'] as const
type Kind = (typeof KINDS)[number]

const FAULTS: Record<Kind, Fault> = {
  '500': { kind: 'status', status: 500 },
  network: { kind: 'network' },
  malformed: { kind: 'malformed' },
  slow: { kind: 'delay', ms: 2_500 },
  hang: { kind: 'hang' },
  // The server did it, the answer never came back (a dropped connection): for calls that change
  // something and that the shopper may repeat.
  lost: { kind: 'lost' },
}

/** The answer is not read, only its status: a malformed 200 is a success. */
const NOT_READ = ['slow', 'malformed'] as const

const EMAIL = 'claire@example.com'
const WINE = '/en/wines/chateau-roquefort-lalande-bordeaux-superieur'
/** The cart of a seeded checkout: 6 bottles. */
const LINE = wineLine({ quantity: 6 })

interface Seed {
  /** Claire logged in (store and server). */
  loggedIn?: boolean
  /** A cart of 6 bottles and both contacts filled (implies logged in). */
  checkout?: boolean
}

interface Row {
  /** The page that makes the call. */
  path: string
  seed?: Seed
  /** When the fault starts: before the page loads (the call happens on load) or once it is open. */
  faultAt: 'load' | 'act'
  /** What the shopper does that makes the call (after the page is open). */
  act?: (page: Page) => Promise<void>
  /** How long a hanging call keeps the page waiting (timeouts, plus React Query's one retry). */
  hangMs: number
  /**
   * Faults after which the normal result is right. @default ['slow']; calls whose answer is not
   * read ("content not shown") also succeed on a malformed 200.
   */
  okOn?: readonly Kind[]
  /** Also run the `lost` fault (a call that changes something and may be repeated). */
  lost?: boolean
  /** The normal result (a slow answer, or the same action once the service is back). */
  ok: (page: Page) => Promise<void>
  /**
   * The failure as the shopper sees it: the shop's message, or a state that still works. A
   * failure that is only logged shows the same state as before the call: such a row waits for
   * the console's message first, or the service coming back would find the call still in flight.
   */
  failed: (page: Page, kind: Kind, log: ConsoleLog) => Promise<void>
  /** Once the service is back (faults cleared): what the shopper does to get the normal result. */
  recover?: (page: Page, kind: Kind) => Promise<void>
}

const widget = (page: Page, name: string) => page.locator(`[data-widget="${name}"]`)
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]))

/** The state a returning shopper's tab holds, and what the mock server knows, before any load. */
async function seed(page: Page, { loggedIn = false, checkout = false }: Seed) {
  const session =
    loggedIn || checkout
      ? {
          isLoggedIn: true,
          user: { name: 'Claire Dubois', email: EMAIL, odooID: 1001 },
          points: 420,
        }
      : null
  await page.addInitScript(
    ([session, checkout, contact, line, users, catalogue]) => {
      if (sessionStorage.getItem('e2e:seeded')) return
      sessionStorage.setItem('e2e:seeded', '1')
      if (!session) return
      sessionStorage.setItem(
        'wine-widgets:v1',
        JSON.stringify({
          session,
          cart: {
            orderId: null,
            lines: checkout ? [line] : [],
            shippingCost: 0,
            redeemedPoints: 0,
            redeemedPointsAmount: 0,
          },
          contacts: {
            delivery: checkout ? contact : { ...contact, name: '', street: '' },
            invoice: checkout ? contact : { ...contact, name: '', street: '' },
            vat: { number: '', valid: true, name: '' },
            isValidShipping: false,
          },
          conversation: [],
          payment: null,
          lastActivity: Date.now(),
        }),
      )
      sessionStorage.setItem(
        'wine-mocks:db',
        JSON.stringify({ sessionEmail: session.user.email, users }),
      )
      // The back office sells the seeded line as the cart remembers it (the cart reads it again).
      sessionStorage.setItem('wine-mocks:catalogue', JSON.stringify(catalogue))
    },
    [session, checkout, CLAIRE_CONTACT, LINE, USERS, sellsLines([LINE])] as const,
  )
}

/** Faults the mock reads when the page starts (`sessionStorage['wine-mocks:faults']`), once. */
async function faultBeforeLoad(page: Page, call: CallName, fault: Fault) {
  await page.addInitScript(
    ([call, fault]) => {
      if (sessionStorage.getItem('e2e:faulted')) return
      sessionStorage.setItem('e2e:faulted', '1')
      sessionStorage.setItem('wine-mocks:faults', JSON.stringify({ [call]: fault }))
    },
    [call, fault] as const,
  )
}

const faultNow = (page: Page, call: CallName, fault: Fault) =>
  page.evaluate(([call, fault]) => window.__wineMocks!.setFault(call, fault), [
    call,
    fault,
  ] as const)

/** The service is back. */
const clearFaults = (page: Page) =>
  page.evaluate(() => {
    window.__wineMocks!.clearFaults()
    sessionStorage.removeItem('wine-mocks:faults')
  })

/** Let `ms` pass on the page's clock, in steps, so timers set along the way fire too. */
async function passTime(page: Page, ms: number) {
  for (let passed = 0; passed < ms; passed += 2_500) {
    await page.clock.fastForward(2_500)
    // Let the page react (fetch aborts, re-renders, the next attempt) before the next step.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  }
}

// ---------------------------------------------------------------------------------------------
// The shopper's actions, shared by several rows.

async function loginWith(page: Page, root: Locator) {
  await root.getByLabel(text('en', 'login.email')).fill(EMAIL)
  await root.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await root.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
}

const loggedInAs = (page: Page) =>
  widget(page, 'login').getByText(fill(text('en', 'session.loggedInAs'), { name: 'Claire Dubois' }))

async function toSignUp(page: Page, email: string) {
  const login = widget(page, 'login')
  await login.getByRole('button', { name: text('en', 'login.signUp') }).click()
  const address = login.getByLabel(text('en', 'login.email'))
  await address.fill(email)
  await address.blur()
}

const cart = (page: Page) => widget(page, 'cart')
const payButton = (page: Page) => cart(page).getByRole('button', { name: /^Pay / })
const thanks = (page: Page) =>
  cart(page).getByRole('heading', { name: text('en', 'checkout.thanksTitle') })

async function pay(page: Page) {
  await cart(page)
    .getByRole('tab', { name: text('en', 'checkout.tabPayment') })
    .click()
  await confirmAge(cart(page))
  await cart(page)
    .getByRole('textbox', { name: 'Card number' })
    .pressSequentially('4242424242424242')
  await expect(payButton(page)).toBeEnabled({ timeout: 15_000 })
  await payButton(page).click()
}

/** The order is being finished after the charge: never an error next to a Pay button. */
async function finishing(page: Page) {
  await expect(
    cart(page).getByRole('heading', { name: text('en', 'payment.receivedTitle'), exact: true }),
  ).toBeVisible({ timeout: 20_000 })
  await expect(cart(page).getByText(text('en', 'payment.errorProcessing'))).toHaveCount(0)
  await expect(payButton(page)).toHaveCount(0)
}

/**
 * A points step, after the order is confirmed: the thank-you shows with no error and
 * no Pay; the points follow behind it once the service is back, sent once.
 */
const afterConfirmed: Pick<Row, 'failed' | 'recover'> = {
  failed: async (page) => {
    await expect(thanks(page)).toBeVisible({ timeout: 20_000 })
    await expect(cart(page).getByText(text('en', 'payment.errorProcessing'))).toHaveCount(0)
    await expect(payButton(page)).toHaveCount(0)
  },
  recover: async (page, kind) => {
    // A step still hanging from before keeps the flow busy until its own timeout.
    if (kind === 'hang') await passTime(page, 50_000)
    // Every step done: nothing is left pending for the next page load.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('wine-widgets:pending-payments')), {
        timeout: 40_000,
      })
      .toBeNull()
    const points = await page.evaluate(() => window.__wineMocks!.db.pointUpdates.length)
    expect(points).toBe(1)
    await oneOrderOneCharge(page)
  },
}

const cartLines = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as { cart?: { lines: [] } })
        .cart?.lines.length ?? 0,
  )

/** Whatever failed on the way, the shopper paid once, for one order, checked out once. */
async function oneOrderOneCharge(page: Page) {
  const world = await page.evaluate(() => {
    const mocks = window.__wineMocks!
    const db = mocks.db as unknown as { orders: { orderNumber: string; status: string }[] }
    return { orders: db.orders, charges: mocks.stripe.state().charges }
  })
  expect(world.charges).toHaveLength(1)
  const charged = world.orders.filter((o) => o.orderNumber === world.charges[0]!.description)
  expect(charged).toEqual([expect.objectContaining({ status: 'checked-out' })])
}

/** A payment step that fails before the charge: its message, the cart intact, Pay usable. */
function beforeCharge(message: string): Pick<Row, 'failed' | 'recover'> {
  return {
    failed: async (page) => {
      await expect(cart(page).getByRole('alert')).toHaveText(text('en', message))
      expect(await cartLines(page)).toBe(1)
      await expect(payButton(page)).toBeEnabled()
    },
    recover: async (page) => {
      await payButton(page).click()
      await expect(thanks(page)).toBeVisible({ timeout: 20_000 })
      await oneOrderOneCharge(page)
    },
  }
}

/** A step after the charge: "Payment received", then "Try again now" finishes the order. */
const afterCharge: Pick<Row, 'failed' | 'recover'> = {
  failed: finishing,
  recover: async (page, kind) => {
    // A step still hanging from before keeps the flow busy until its own timeout.
    if (kind === 'hang') await passTime(page, 50_000)
    const retry = cart(page).getByRole('button', { name: text('en', 'payment.retryNow') })
    if (await retry.isVisible()) await retry.click()
    await expect(thanks(page)).toBeVisible({ timeout: 30_000 })
    await oneOrderOneCharge(page)
  },
}

async function openSommelier(page: Page) {
  await page
    .getByRole('button', { name: text('en', 'sommelier.button') })
    .first()
    .click()
  const chat = page
    .getByRole('dialog', { name: text('en', 'search.sommelierDialog') })
    .getByRole('region', { name: text('en', 'sommelier.title') })
  await expect(chat).toBeVisible()
  return chat
}

async function askSommelier(page: Page, dish: string) {
  const chat = await openSommelier(page)
  const input = chat.getByRole('textbox', { name: text('en', 'sommelier.inputLabel') })
  await input.fill(dish)
  await input.press('Enter')
}

const sommelierChat = (page: Page) =>
  page
    .getByRole('dialog', { name: text('en', 'search.sommelierDialog') })
    .getByRole('region', { name: text('en', 'sommelier.title') })

const searchDialog = (page: Page) => page.getByRole('dialog', { name: text('en', 'search.dialog') })

// ---------------------------------------------------------------------------------------------
// One row per call the widgets make.

const ROWS: Record<CallName, Row> = {
  csrf: {
    path: '/en/login',
    faultAt: 'load',
    act: (page) => loginWith(page, widget(page, 'login')),
    hangMs: 17_000,
    ok: async (page) => expect(loggedInAs(page)).toBeVisible({ timeout: 15_000 }),
    failed: async (page) => {
      const login = widget(page, 'login')
      await expect(login.getByText(text('en', 'login.error'))).toBeVisible()
      await expect(login.getByLabel(text('en', 'login.email'))).toHaveValue(EMAIL)
    },
    recover: async (page) => {
      await widget(page, 'login')
        .getByRole('button', { name: text('en', 'login.submit'), exact: true })
        .click()
      await expect(loggedInAs(page)).toBeVisible()
    },
  },
  getcurrentuser: {
    path: '/en/',
    seed: { loggedIn: true },
    faultAt: 'load',
    hangMs: 17_000,
    // A failed check is only logged; the visitor stays as the store says.
    ok: async (page) =>
      expect(widget(page, 'user-menu').getByRole('link', { name: /Claire Dubois/ })).toBeVisible(),
    failed: async (page) => {
      const badge = widget(page, 'user-menu').getByRole('link', { name: /Claire Dubois/ })
      await expect(badge).toBeVisible()
      await expect(badge).toHaveAttribute('href', '/en/club')
    },
  },
  logoutuser: {
    lost: true,
    path: '/en/account',
    seed: { loggedIn: true },
    faultAt: 'act',
    act: (page) =>
      widget(page, 'account')
        .getByRole('button', { name: text('en', 'account.logout') })
        .click(),
    hangMs: 17_000,
    ok: async (page) => expect(page).toHaveURL(/\/en\/?$/),
    // "Logout failed" is only logged, no redirect; still logged in, the button works again.
    failed: async (page, _kind, log) => {
      await expect
        .poll(() => log.errors().join('\n'), { timeout: 20_000 })
        .toContain('Logout failed')
      const logout = widget(page, 'account').getByRole('button', {
        name: text('en', 'account.logout'),
      })
      await expect(logout).toBeEnabled()
      await expect(page).toHaveURL(/\/en\/account$/)
      await expect(
        widget(page, 'account').getByRole('heading', {
          name: fill(text('en', 'account.greeting'), { name: 'Claire Dubois' }),
        }),
      ).toBeVisible()
    },
    recover: async (page) => {
      await widget(page, 'account')
        .getByRole('button', { name: text('en', 'account.logout') })
        .click()
      await expect(page).toHaveURL(/\/en\/?$/)
    },
  },
  loginuser: {
    lost: true,
    path: '/en/login',
    faultAt: 'act',
    act: (page) => loginWith(page, widget(page, 'login')),
    hangMs: 17_000,
    ok: async (page) => expect(loggedInAs(page)).toBeVisible(),
    failed: async (page) => {
      await expect(widget(page, 'login').getByText(text('en', 'login.error'))).toBeVisible()
      await expect(widget(page, 'login').getByLabel(text('en', 'login.email'))).toHaveValue(EMAIL)
    },
    recover: async (page) => {
      await widget(page, 'login')
        .getByRole('button', { name: text('en', 'login.submit'), exact: true })
        .click()
      await expect(loggedInAs(page)).toBeVisible()
    },
  },
  isexistingemail: {
    path: '/en/login',
    faultAt: 'act',
    act: (page) => toSignUp(page, 'new.customer@example.com'),
    hangMs: 17_000,
    ok: async (page) =>
      expect(widget(page, 'login').getByLabel(text('en', 'login.name'))).toBeEnabled(),
    failed: async (page) => {
      const login = widget(page, 'login')
      await expect(login.getByText(text('en', 'login.checkFailed'))).toBeVisible()
      await expect(login.getByLabel(text('en', 'login.email'))).toHaveValue(
        'new.customer@example.com',
      )
    },
    recover: async (page) => {
      await widget(page, 'login')
        .getByRole('button', { name: text('en', 'login.retry') })
        .click()
      await expect(widget(page, 'login').getByLabel(text('en', 'login.name'))).toBeEnabled()
    },
  },
  createuser: {
    okOn: NOT_READ,
    path: '/en/login',
    faultAt: 'act',
    act: async (page) => {
      const login = widget(page, 'login')
      await toSignUp(page, 'new.customer@example.com')
      await expect(login.getByLabel(text('en', 'login.name'))).toBeEnabled()
      await login.getByLabel(text('en', 'login.name')).fill('New Customer')
      await login.getByLabel(text('en', 'login.password'), { exact: true }).fill('pw-123456')
      await login.getByRole('button', { name: text('en', 'login.createSubmit') }).click()
    },
    hangMs: 17_000,
    ok: async (page) =>
      expect(
        widget(page, 'login')
          .getByText(fill(text('en', 'session.loggedInAs'), { name: 'New Customer' }))
          .or(widget(page, 'login').getByText(text('en', 'login.created'))),
      ).toBeVisible(),
    failed: async (page) => {
      const login = widget(page, 'login')
      await expect(login.getByText(text('en', 'login.createError'))).toBeVisible()
      await expect(login.getByLabel(text('en', 'login.name'))).toHaveValue('New Customer')
    },
    recover: async (page) => {
      await widget(page, 'login')
        .getByRole('button', { name: text('en', 'login.createSubmit') })
        .click()
      await ROWS.createuser.ok(page)
    },
  },
  sendpasswordresetlink: {
    okOn: NOT_READ,
    path: '/en/login',
    faultAt: 'act',
    act: async (page) => {
      const login = widget(page, 'login')
      await login.getByRole('button', { name: text('en', 'login.forgot') }).click()
      await login.getByLabel(text('en', 'login.email')).fill(EMAIL)
      await login.getByRole('button', { name: text('en', 'login.send') }).click()
    },
    hangMs: 17_000,
    ok: async (page) =>
      expect(widget(page, 'login').getByText(text('en', 'login.resetSent'))).toBeVisible(),
    failed: async (page) => {
      await expect(widget(page, 'login').getByText(text('en', 'login.resetFailed'))).toBeVisible()
      await expect(
        widget(page, 'login').getByRole('button', { name: text('en', 'login.send') }),
      ).toBeEnabled()
    },
    recover: async (page) => {
      await widget(page, 'login')
        .getByRole('button', { name: text('en', 'login.send') })
        .click()
      await ROWS.sendpasswordresetlink.ok(page)
    },
  },
  resetpassword: {
    okOn: NOT_READ,
    path: `/en/reset-password?email=${encodeURIComponent(EMAIL)}&token=valid-token`,
    faultAt: 'act',
    act: async (page) => {
      const reset = widget(page, 'reset-password')
      await reset.getByLabel(text('en', 'resetPassword.password'), { exact: true }).fill('new-pw-1')
      await reset.getByLabel(text('en', 'resetPassword.confirmation')).fill('new-pw-1')
      await reset.getByRole('button', { name: text('en', 'resetPassword.submit') }).click()
    },
    hangMs: 17_000,
    ok: async (page) =>
      expect(
        widget(page, 'reset-password').getByText(text('en', 'resetPassword.success')),
      ).toBeVisible(),
    // Any failure shows the expired-link message (then home after 4 s).
    failed: async (page) =>
      expect(
        widget(page, 'reset-password').getByText(text('en', 'resetPassword.failure')),
      ).toBeVisible(),
  },
  updateuserpoints: {
    lost: true,
    okOn: NOT_READ,
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 50_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    ...afterConfirmed,
  },
  getupdatedpoints: {
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 17_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    // Only logged: a failing balance refresh never holds the thank-you back.
    failed: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
  },
  getinvoices: {
    path: '/en/account',
    seed: { loggedIn: true },
    faultAt: 'load',
    hangMs: 34_000,
    ok: async (page) =>
      expect(widget(page, 'account').locator('button[aria-expanded]')).toHaveCount(5, {
        timeout: 15_000,
      }),
    failed: async (page) => {
      await expect(widget(page, 'account').getByText(text('en', 'invoices.loadError'))).toBeVisible(
        { timeout: 15_000 },
      )
      await expect(
        widget(page, 'account').getByRole('button', { name: text('en', 'account.logout') }),
      ).toBeEnabled()
    },
    recover: async (page) => {
      await widget(page, 'account')
        .getByRole('button', { name: text('en', 'invoices.retry') })
        .click()
      await ROWS.getinvoices.ok(page)
    },
  },
  getwinevariants: {
    path: WINE,
    faultAt: 'load',
    hangMs: 34_000,
    ok: async (page) =>
      expect(
        widget(page, 'wine-tabs').getByRole('tablist', { name: text('en', 'wineTabs.vintages') }),
      ).toBeVisible({ timeout: 15_000 }),
    failed: async (page) =>
      expect(widget(page, 'wine-tabs').getByText(text('en', 'wineTabs.loadError'))).toBeVisible(),
    recover: async (page) => {
      await widget(page, 'wine-tabs')
        .getByRole('button', { name: text('en', 'wineTabs.retry') })
        .click()
      await ROWS.getwinevariants.ok(page)
    },
  },
  getbundle: {
    path: '/en/bundles/belgian-discovery',
    faultAt: 'load',
    hangMs: 17_000,
    ok: async (page) =>
      expect(widget(page, 'bundle').getByText(text('en', 'bundle.price'))).toBeVisible({
        timeout: 15_000,
      }),
    // Only logged, the bundle stays empty; the rest of the page works.
    failed: async (page) => {
      await expect(widget(page, 'bundle')).toBeEmpty()
      await expect(
        widget(page, 'minicart').getByRole('button', {
          name: fill(text('en', 'minicart.button'), { count: 0 }),
        }),
      ).toBeVisible()
    },
  },
  isVATValid: {
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: async (page) => {
      await cart(page)
        .getByRole('tab', { name: text('en', 'checkout.tabInvoice') })
        .click()
      const vat = cart(page).getByLabel(text('en', 'vat.label'))
      await vat.fill('BE 0403.170.701')
      await vat.blur()
    },
    hangMs: 17_000,
    ok: async (page) =>
      expect(
        cart(page).getByText(
          fill(text('en', 'vat.registeredName'), { name: 'Wijnhandel De Druif BV' }),
        ),
      ).toBeVisible({ timeout: 15_000 }),
    failed: async (page) => {
      await expect(cart(page).getByText(text('en', 'vat.checkFailed'))).toBeVisible()
      await expect(cart(page).getByLabel(text('en', 'vat.label'))).toHaveValue('BE 0403.170.701')
    },
  },
  createorderinodoo: {
    lost: true,
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 50_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    ...beforeCharge('payment.errorOrder'),
  },
  checkoutorder: {
    lost: true,
    okOn: NOT_READ,
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 50_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    ...afterCharge,
  },
  sendorderconfirmation: {
    lost: true,
    okOn: NOT_READ,
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 50_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    ...afterCharge,
  },
  createpaymentintent: {
    lost: true,
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'act',
    act: pay,
    hangMs: 50_000,
    ok: async (page) => expect(thanks(page)).toBeVisible({ timeout: 20_000 }),
    ...beforeCharge('payment.errorIntent'),
  },
  collections: {
    path: '/en/grapes',
    faultAt: 'load',
    hangMs: 34_000,
    ok: async (page) =>
      expect(
        page
          .getByRole('navigation', { name: text('en', 'index.label') })
          .locator('li > a')
          .first(),
      ).toBeVisible({ timeout: 15_000 }),
    // docs/protocols.md: load errors end in a quiet empty state.
    failed: async (page) =>
      expect(widget(page, 'index').getByText(text('en', 'index.empty'))).toBeVisible(),
  },
  rules: {
    path: '/en/cart',
    seed: { checkout: true },
    faultAt: 'load',
    hangMs: 7_500,
    ok: async (page) =>
      expect(
        cart(page).getByRole('region', { name: text('en', 'checkout.shippingTitle') }),
      ).toContainText('€', { timeout: 15_000 }),
    failed: async (page) => {
      const shipping = cart(page).getByRole('region', {
        name: text('en', 'checkout.shippingTitle'),
      })
      await expect(shipping.getByText(text('en', 'checkout.shippingUnavailable'))).toBeVisible()
      await expect(
        shipping.getByRole('button', { name: text('en', 'checkout.shippingRetry') }),
      ).toBeEnabled()
    },
    recover: async (page) => {
      await cart(page)
        .getByRole('button', { name: text('en', 'checkout.shippingRetry') })
        .click()
      await expect(
        cart(page).getByRole('region', { name: text('en', 'checkout.shippingTitle') }),
      ).toContainText('€9.95')
    },
  },
  sommelier: {
    path: '/en/',
    seed: { loggedIn: true },
    faultAt: 'act',
    act: (page) => askSommelier(page, 'Grilled lamb tonight'),
    hangMs: 32_000,
    ok: async (page) =>
      expect(
        sommelierChat(page).getByRole('list', { name: text('en', 'sommelier.suggestions') }),
      ).toBeVisible({ timeout: 20_000 }),
    failed: async (page) => {
      const chat = sommelierChat(page)
      const messages = ['errorHttp', 'errorNetwork', 'errorModel', 'errorCutOff'].map((k) =>
        chat.getByText(text('en', `sommelier.${k}`)),
      )
      await expect(messages.reduce((a, b) => a.or(b))).toBeVisible()
      // The question is kept, and a new one can be asked.
      await expect(chat.getByRole('log').getByText('Grilled lamb tonight')).toBeVisible()
      await expect(
        chat.getByRole('textbox', { name: text('en', 'sommelier.inputLabel') }),
      ).toBeEnabled()
    },
    recover: async (page) => {
      const input = sommelierChat(page).getByRole('textbox', {
        name: text('en', 'sommelier.inputLabel'),
      })
      await input.fill('Grilled lamb tonight')
      await input.press('Enter')
      await ROWS.sommelier.ok(page)
    },
  },
  search: {
    path: '/en/',
    faultAt: 'act',
    act: (page) =>
      page
        .getByRole('button', { name: text('en', 'search.open') })
        .first()
        .click(),
    hangMs: 40_000,
    ok: async (page) =>
      expect(searchDialog(page).getByText(/^\d+ wines$/)).toBeVisible({ timeout: 20_000 }),
    failed: async (page) => {
      const dialog = searchDialog(page)
      await expect(dialog.getByRole('alert')).toHaveText(text('en', 'search.error'), {
        timeout: 20_000,
      })
      await expect(dialog.getByText(text('en', 'search.noResults'))).toHaveCount(0)
      // Still usable: it closes.
      await dialog.getByRole('button', { name: text('en', 'search.close') }).click()
      await expect(dialog).toBeHidden()
    },
  },
}

test('the matrix has a row for every call the mock knows', () => {
  expect(Object.keys(ROWS).sort()).toEqual([...CALL_NAMES].sort())
})

for (const call of CALL_NAMES) {
  const row = ROWS[call]
  test.describe(`${call} (${row.path})`, () => {
    for (const kind of KINDS.filter((k) => k !== 'lost' || row.lost)) {
      test(`${kind}: ends usable`, async ({ page, consoleLog }) => {
        // Only a hang needs the page's clock moved (the other faults end by themselves).
        if (kind === 'hang') await page.clock.install()
        await seed(page, row.seed ?? {})
        if (row.faultAt === 'load') await faultBeforeLoad(page, call, FAULTS[kind])
        await open(page, row.path)
        if (row.faultAt === 'act') await faultNow(page, call, FAULTS[kind])
        await row.act?.(page)
        if (kind === 'hang') await passTime(page, row.hangMs)
        if ((row.okOn ?? ['slow']).includes(kind)) {
          await row.ok(page)
          return
        }
        await row.failed(page, kind, consoleLog)
        if (row.recover) {
          await clearFaults(page)
          await row.recover(page, kind)
        }
      })
    }
  })
}
