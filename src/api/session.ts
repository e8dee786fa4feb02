/**
 * Session and account calls of the product backend (spec sections 6 and 7). Every call goes
 * through `accountRequest`, which sends the CSRF token as X-CSRF-TOKEN and retries once on 419.
 *
 * Answers are checked before use: an answer without the documented shape raises an HttpError
 * ("Error fetching data") like a failed call, so callers handle a single kind of failure.
 * Wrong credentials are not a failure: the server answers 200 with `isLoggedIn: false`.
 */
import type { Locale, SessionState, User } from '../domain/types'
import { accountRequest } from '../http/csrf'
import { HttpError } from '../http/http'

export const CURRENT_USER_URL = '/login/getcurrentuser'
export const LOGIN_URL = '/login/loginuser'
export const LOGOUT_URL = '/login/logoutuser'
export const EXISTING_EMAIL_URL = '/login/isexistingemail'
export const CREATE_USER_URL = '/user/createuser'
export const PASSWORD_RESET_LINK_URL = '/api/sendpasswordresetlink'

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A number, or a string holding one (PHP backends often serialise ids and points as text). */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v)
    return Number.isFinite(n) ? n : null
  }
  return null
}

function malformed(url: string, reason: string): HttpError {
  return new HttpError(200, url, { cause: new Error(reason) })
}

function parseUser(url: string, raw: unknown): User {
  if (!isRecord(raw)) throw malformed(url, 'user is not an object')
  const { name, email } = raw
  const odooID = toNumber(raw.odooID)
  if (typeof name !== 'string' || typeof email !== 'string' || odooID === null) {
    throw malformed(url, 'user needs a name, an email and an odooID')
  }
  return { name, email, odooID }
}

/**
 * Reads `{ isLoggedIn, user, points }`. A logged-out answer becomes the logged-out session
 * whatever else it carries; a logged-in answer must carry a complete user and a points number.
 */
export function parseSessionAnswer(url: string, raw: unknown): SessionState {
  if (!isRecord(raw) || typeof raw.isLoggedIn !== 'boolean') {
    throw malformed(url, 'the answer has no isLoggedIn flag')
  }
  if (!raw.isLoggedIn) return { isLoggedIn: false, user: null, points: 0 }
  const user = parseUser(url, raw.user)
  const points = raw.points === undefined || raw.points === null ? 0 : toNumber(raw.points)
  if (points === null) throw malformed(url, 'points is not a number')
  return { isLoggedIn: true, user, points }
}

/** `GET /login/getcurrentuser`: who is logged in for this browser session. */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionState> {
  const raw = await accountRequest<unknown>(CURRENT_USER_URL, { signal })
  return parseSessionAnswer(CURRENT_USER_URL, raw)
}

/** `POST /login/loginuser`: wrong credentials resolve to a logged-out session, not an error. */
export async function loginUser(email: string, password: string): Promise<SessionState> {
  const raw = await accountRequest<unknown>(LOGIN_URL, {
    method: 'POST',
    body: { json: { email, password } },
  })
  return parseSessionAnswer(LOGIN_URL, raw)
}

/** `GET /login/logoutuser`: resolves when the server confirms with `isLoggedOut: true`. */
export async function logoutUser(): Promise<void> {
  const raw = await accountRequest<unknown>(LOGOUT_URL)
  if (!isRecord(raw) || typeof raw.isLoggedOut !== 'boolean') {
    throw malformed(LOGOUT_URL, 'the answer has no isLoggedOut flag')
  }
  if (!raw.isLoggedOut) throw malformed(LOGOUT_URL, 'the server did not log out')
}

/** `POST /login/isexistingemail`: whether an account already uses this address. */
export async function isExistingEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const raw = await accountRequest<unknown>(EXISTING_EMAIL_URL, {
    method: 'POST',
    body: { json: { email } },
    signal,
  })
  // The backend spells the flag `isExistingEMail` (capital M).
  if (!isRecord(raw) || typeof raw.isExistingEMail !== 'boolean') {
    throw malformed(EXISTING_EMAIL_URL, 'the answer has no isExistingEMail flag')
  }
  return raw.isExistingEMail
}

export interface NewAccount {
  email: string
  name: string
  password: string
}

/** `POST /user/createuser`. The answer's content is not specified: only the status counts. */
export async function createUser(account: NewAccount): Promise<void> {
  await accountRequest<undefined>(CREATE_USER_URL, {
    method: 'POST',
    body: { json: { email: account.email, name: account.name, password: account.password } },
    parse: 'none',
  })
}

/** Where the e-mailed reset link points: `{origin}/{locale}/reset-password`. */
export function resetPasswordUrl(locale: Locale, origin = window.location.origin): string {
  return `${origin}/${locale}/reset-password`
}

/** `POST /api/sendpasswordresetlink`. The answer's content is not specified: only the status counts. */
export async function sendPasswordResetLink(email: string, locale: Locale): Promise<void> {
  await accountRequest<undefined>(PASSWORD_RESET_LINK_URL, {
    method: 'POST',
    body: { json: { email, _reset_url: resetPasswordUrl(locale), locale } },
    parse: 'none',
  })
}
