import { HttpResponse } from 'msw'
import { invoicesFor } from '../fixtures/users'
import { currentUser, db, findUser, type MockOrder } from './db'
import { earnedPoints } from './order-pricing'
import { stripeServer } from './stripe-server'
import { badRequest, json, postWithCsrf, withCsrf, withFaults } from './route'
import { rateLimited } from './rate-limits'
import { contractHttp } from './contract-http'
import type { Answer } from '../src/api/wire'
import type { FixtureUser } from '../fixtures/types'

/** The reset token the mock accepts; any other token has "expired". */
export const VALID_RESET_TOKEN = 'valid-token'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The demo site's session version cookie (docs/server-contract.md, "Session version"), changed
 * with every login, logout and sign-up as the contract asks of the site; a visitor without one
 * gets its first with the current-user answer.
 */
export const SESSION_VERSION_COOKIE = 'private_content_version'

/** The header that gives the session a new version. */
const newVersion = (): HeadersInit => ({
  'Set-Cookie': `${SESSION_VERSION_COOKIE}=${crypto.randomUUID()}; Path=/; SameSite=Lax`,
})

/**
 * A new token for the session, as the contract asks when the session changes (login, logout,
 * account creation, password reset): csrf-token-1, then csrf-token-2…
 */
function rotateCsrfToken(): void {
  db.csrfToken = `csrf-token-${Number(db.csrfToken.split('-').at(-1) ?? 0) + 1}`
}

function sessionAnswer(): Answer<'getCurrentUser'> {
  const user = currentUser()
  return user
    ? {
        isLoggedIn: true,
        user: { name: user.name, email: user.email, odooID: user.odooID },
        points: user.points,
      }
    : { isLoggedIn: false, user: null, points: 0 }
}

/**
 * The customer of the session, as the contract asks (identity from the session cookie only):
 * 401 without one, 403 when the body's hint names another customer.
 */
function sessionCustomer(hint: string): FixtureUser | Response {
  const user = currentUser()
  if (!user) return json({ message: 'Unauthenticated.' }, 401)
  if (hint.trim().toLowerCase() !== user.email.toLowerCase())
    return json({ message: 'The body names another customer.' }, 403)
  return user
}

/**
 * The order `document` names when it is the customer's and paid (Stripe says an intent linked to
 * it succeeded, or the droplets covered it), or why the points call is refused.
 */
function paidOrderOf(user: FixtureUser, document: string): MockOrder | string {
  const order = db.orders.find((o) => o.orderNumber === document)
  if (!order || order.customerEmail?.toLowerCase() !== user.email.toLowerCase())
    return `${document} is no order of this customer.`
  const paid =
    order.coveredByPoints === true ||
    db.paymentIntents.some(
      (i) => i.orderId === document && stripeServer.find(i.id)?.status === 'succeeded',
    )
  return paid ? order : `Order ${document} is not paid.`
}

export const accountHandlers = [
  contractHttp.get(
    '/cp/auth/token',
    withFaults('csrf', () => HttpResponse.text(db.csrfToken) as Response),
  ),

  contractHttp.get(
    '/login/getcurrentuser',
    // A visitor without a session version gets its first one (the site sets it where missing).
    withCsrf('getcurrentuser', ({ cookies }) =>
      json(sessionAnswer(), 200, cookies[SESSION_VERSION_COOKIE] ? undefined : newVersion()),
    ),
  ),

  postWithCsrf('/login/loginuser', 'loginuser', { email: 'string', password: 'string' }, (f, c) => {
    const limited = rateLimited('/login/loginuser', c.request, f.email)
    if (limited) return limited
    const user = findUser(f.email)
    // Wrong credentials are not an HTTP error: the answer says "not logged in".
    const before = db.sessionEmail
    db.sessionEmail = user && user.password === f.password ? user.email : null
    if (db.sessionEmail) rotateCsrfToken()
    return json(sessionAnswer(), 200, db.sessionEmail === before ? undefined : newVersion())
  }),

  contractHttp.get(
    '/login/logoutuser',
    withCsrf('logoutuser', () => {
      db.sessionEmail = null
      rotateCsrfToken()
      return json({ isLoggedOut: true } satisfies Answer<'logoutUser'>, 200, newVersion())
    }),
  ),

  postWithCsrf(
    '/login/isexistingemail',
    'isexistingemail',
    { email: 'string' },
    (f, c) =>
      rateLimited('/login/isexistingemail', c.request, f.email) ??
      json({
        isExistingEMail: findUser(f.email) !== undefined,
      } satisfies Answer<'isExistingEmail'>),
  ),

  postWithCsrf(
    '/user/createuser',
    'createuser',
    { email: 'string', name: 'string', password: 'string' },
    (f) => {
      if (!EMAIL.test(f.email))
        return json({ message: 'The email must be a valid email address.' }, 422)
      if (findUser(f.email)) return json({ message: 'The email has already been taken.' }, 422)
      const odooID = Math.max(...db.users.map((u) => u.odooID)) + 1
      db.users.push({
        email: f.email.trim(),
        name: f.name.trim(),
        password: f.password,
        odooID,
        points: 0,
      })
      db.sessionEmail = f.email.trim()
      rotateCsrfToken()
      return json({ created: true } satisfies Answer<'createUser'>, 200, newVersion())
    },
  ),

  postWithCsrf(
    '/api/sendpasswordresetlink',
    'sendpasswordresetlink',
    { email: 'string', _reset_url: 'string', locale: 'locale' },
    (f, c) => {
      const limited = rateLimited('/api/sendpasswordresetlink', c.request, f.email)
      if (limited) return limited
      // Sent whether or not the address has an account (no account enumeration).
      db.resetLinks.push({ email: f.email, locale: f.locale, resetUrl: f._reset_url })
      return json({ sent: true } satisfies Answer<'sendPasswordResetLink'>)
    },
  ),

  postWithCsrf(
    '/api/resetpassword',
    'resetpassword',
    {
      locale: 'string',
      email: 'string',
      token: 'string',
      password: 'string',
      password_confirmation: 'string',
    },
    (f) => {
      if (f.password !== f.password_confirmation)
        return json({ message: 'The password confirmation does not match.' }, 422)
      if (f.token !== VALID_RESET_TOKEN) return json({ message: 'expired' }, 422)
      const user = findUser(f.email)
      if (user) user.password = f.password
      rotateCsrfToken()
      return json({ reset: true } satisfies Answer<'resetPassword'>)
    },
  ),

  postWithCsrf(
    '/user/updateuserpoints',
    'updateuserpoints',
    { userEmail: 'string', date: 'string', document: 'string', points: 'number' },
    (f) => {
      if (!Number.isInteger(f.points)) return badRequest('The points field must be an integer.')
      const user = sessionCustomer(f.userEmail)
      if (user instanceof Response) return user
      // The points of a paid order of this customer, derived from it: `points` only says which
      // kind (redeemed: negative, earned: positive) the call books.
      const order = paidOrderOf(user, f.document)
      if (typeof order === 'string') return json({ message: order }, 409)
      const kind = f.points < 0 ? 'redeemed' : 'earned'
      const points = kind === 'redeemed' ? -order.redeemedPoints : earnedPoints(order.priced)
      // Each kind once per order, whatever the key: a second booking changes nothing.
      if (order.pointsBooked.includes(kind))
        return json({ updated: true, points: user.points } satisfies Answer<'updateUserPoints'>)
      order.pointsBooked.push(kind)
      user.points = Math.max(0, user.points + points)
      db.pointUpdates.push({ userEmail: user.email, date: f.date, document: f.document, points })
      return json({ updated: true, points: user.points } satisfies Answer<'updateUserPoints'>)
    },
  ),

  postWithCsrf('/user/getupdatedpoints', 'getupdatedpoints', { userEmail: 'string' }, (f) => {
    const user = sessionCustomer(f.userEmail)
    if (user instanceof Response) return user
    return json({ points: user.points } satisfies Answer<'getUpdatedPoints'>)
  }),

  postWithCsrf('/user/getinvoices', 'getinvoices', { odooID: 'number', locale: 'locale' }, (f) => {
    const user = currentUser()
    if (!user) return json({ message: 'Unauthenticated.' }, 401)
    if (f.odooID !== user.odooID) return json({ message: 'The body names another customer.' }, 403)
    return json({ invoices: invoicesFor(user.odooID, f.locale) } satisfies Answer<'getInvoices'>)
  }),
]
