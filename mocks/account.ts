import { http, HttpResponse } from 'msw'
import { invoicesFor } from '../fixtures/users'
import { currentUser, db, findUser } from './db'
import { badRequest, csrfProblem, json, readFields, withFaults, type CallResolver } from './route'
import type { CallName } from './faults'

/** The reset token the mock accepts; any other token has "expired". */
export const VALID_RESET_TOKEN = 'valid-token'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function sessionAnswer() {
  const user = currentUser()
  return user
    ? {
        isLoggedIn: true,
        user: { name: user.name, email: user.email, odooID: user.odooID },
        points: user.points,
      }
    : { isLoggedIn: false, user: null, points: 0 }
}

/** An account call: the fault wrapper, then the CSRF check, then the resolver. */
const account = (call: CallName, resolver: CallResolver) =>
  withFaults(call, (ctx) => csrfProblem(ctx.request) ?? resolver(ctx))

export const accountHandlers = [
  http.get(
    '/cp/auth/token',
    withFaults('csrf', () => HttpResponse.text(db.csrfToken) as Response),
  ),

  http.get(
    '/login/getcurrentuser',
    account('getcurrentuser', () => json(sessionAnswer())),
  ),

  http.post(
    '/login/loginuser',
    account('loginuser', ({ body }) => {
      const f = readFields(body, { email: 'string', password: 'string' })
      if (f instanceof Response) return f
      const user = findUser(f.email)
      // Wrong credentials are not an HTTP error: the answer says "not logged in".
      db.sessionEmail = user && user.password === f.password ? user.email : null
      return json(sessionAnswer())
    }),
  ),

  http.get(
    '/login/logoutuser',
    account('logoutuser', () => {
      db.sessionEmail = null
      return json({ isLoggedOut: true })
    }),
  ),

  http.post(
    '/login/isexistingemail',
    account('isexistingemail', ({ body }) => {
      const f = readFields(body, { email: 'string' })
      if (f instanceof Response) return f
      return json({ isExistingEMail: findUser(f.email) !== undefined })
    }),
  ),

  http.post(
    '/user/createuser',
    account('createuser', ({ body }) => {
      const f = readFields(body, { email: 'string', name: 'string', password: 'string' })
      if (f instanceof Response) return f
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
      return json({ created: true })
    }),
  ),

  http.post(
    '/api/sendpasswordresetlink',
    account('sendpasswordresetlink', ({ body }) => {
      const f = readFields(body, { email: 'string', _reset_url: 'string', locale: 'locale' })
      if (f instanceof Response) return f
      // Sent whether or not the address has an account (no account enumeration).
      db.resetLinks.push({ email: f.email, locale: f.locale, resetUrl: f._reset_url })
      return json({ sent: true })
    }),
  ),

  http.post(
    '/api/resetpassword',
    account('resetpassword', ({ body }) => {
      const f = readFields(body, {
        locale: 'string',
        email: 'string',
        token: 'string',
        password: 'string',
        password_confirmation: 'string',
      })
      if (f instanceof Response) return f
      if (f.password !== f.password_confirmation)
        return json({ message: 'The password confirmation does not match.' }, 422)
      if (f.token !== VALID_RESET_TOKEN) return json({ message: 'expired' }, 422)
      const user = findUser(f.email)
      if (user) user.password = f.password
      return json({ reset: true })
    }),
  ),

  http.post(
    '/user/updateuserpoints',
    account('updateuserpoints', ({ body }) => {
      const f = readFields(body, {
        userEmail: 'string',
        date: 'string',
        document: 'string',
        points: 'number',
      })
      if (f instanceof Response) return f
      if (!Number.isInteger(f.points)) return badRequest('The points field must be an integer.')
      const user = findUser(f.userEmail)
      if (!user) return json({ message: 'User not found.' }, 404)
      user.points = Math.max(0, user.points + f.points)
      db.pointUpdates.push({
        userEmail: user.email,
        date: f.date,
        document: f.document,
        points: f.points,
      })
      return json({ updated: true, points: user.points })
    }),
  ),

  http.post(
    '/user/getupdatedpoints',
    account('getupdatedpoints', ({ body }) => {
      const f = readFields(body, { userEmail: 'string' })
      if (f instanceof Response) return f
      const user = findUser(f.userEmail)
      if (!user) return json({ message: 'User not found.' }, 404)
      return json({ points: user.points })
    }),
  ),

  http.post(
    '/user/getinvoices',
    account('getinvoices', ({ body }) => {
      const f = readFields(body, { odooID: 'number', locale: 'locale' })
      if (f instanceof Response) return f
      return json({ invoices: invoicesFor(f.odooID, f.locale) })
    }),
  ),
]
