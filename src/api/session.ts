/**
 * Session and account calls of the product backend. Every call goes
 * through `accountRequest`, which sends the CSRF token as X-CSRF-TOKEN and retries once on 419.
 *
 * Answers are checked before use: an answer without the documented shape raises an HttpError
 * ("Error fetching data") like a failed call, so callers handle a single kind of failure.
 * Wrong credentials are not a failure: the server answers 200 with `isLoggedIn: false`.
 */
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { Locale, SessionState, User } from '../domain/types'
import { accountRequest, sessionChangingRequest } from '../http/csrf'
import { malformed, type HttpMethod } from '../http/http'
import { isRecord } from '../domain/is-record'
import { toNumber } from '../domain/to-number'
import { reportError } from '../report/report'
import type { Answer, RequestBody, Schema, Unchecked } from './wire'

export { logoutUser } from './logout'

export const CURRENT_USER_URL = '/login/getcurrentuser'
export const LOGIN_URL = '/login/loginuser'
export const EXISTING_EMAIL_URL = '/login/isexistingemail'
export const CREATE_USER_URL = '/user/createuser'
export const PASSWORD_RESET_LINK_URL = '/api/sendpasswordresetlink'

function parseUser(method: HttpMethod, url: string, raw: Unchecked<Schema<'User'>>): User {
  if (!isRecord(raw)) throw malformed(method, url, 'user is not an object')
  const { name, email } = raw
  const odooID = toNumber(raw.odooID)
  if (typeof name !== 'string' || typeof email !== 'string' || odooID === null) {
    throw malformed(method, url, 'user needs a name, an email and an odooID')
  }
  return { name, email, odooID }
}

/**
 * Reads `{ isLoggedIn, user, points }`. A logged-out answer becomes the logged-out session
 * whatever else it carries; a logged-in answer must carry a complete user and a points number.
 */
export function parseSessionAnswer(
  method: HttpMethod,
  url: string,
  raw: Unchecked<Schema<'SessionAnswer'>>,
): SessionState {
  if (!isRecord(raw) || typeof raw.isLoggedIn !== 'boolean') {
    throw malformed(method, url, 'the answer has no isLoggedIn flag')
  }
  if (!raw.isLoggedIn) return { isLoggedIn: false, user: null, points: 0 }
  // `user` is checked by parseUser, field by field.
  const user = parseUser(method, url, raw.user as Unchecked<Schema<'User'>>)
  const points = raw.points === undefined || raw.points === null ? 0 : toNumber(raw.points)
  if (points === null) throw malformed(method, url, 'points is not a number')
  return { isLoggedIn: true, user, points }
}

/** `GET /login/getcurrentuser`: who is logged in for this browser session. */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionState> {
  const raw = await accountRequest<Unchecked<Answer<'getCurrentUser'>>>(CURRENT_USER_URL, {
    signal,
  })
  return parseSessionAnswer('GET', CURRENT_USER_URL, raw)
}

/** Query key of the current-user check: `['session', 'current-user']`. */
export const currentUserQueryKey = ['session', 'current-user'] as const

/**
 * The current-user check as a query, run through the page's QueryClient: checks asked at the same
 * time share one request, and cancelling the query (a login, logout or sign-up meanwhile) aborts
 * it. The store holds the session, not the cache: an answer is never served from the cache later
 * (`staleTime: 0`) and is dropped once nobody waits for it (`gcTime: 0`). Never retried
 * (a failed check is only logged).
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })
}

/** `POST /login/loginuser`: wrong credentials resolve to a logged-out session, not an error. */
export async function loginUser(email: string, password: string): Promise<SessionState> {
  const raw = await sessionChangingRequest<Unchecked<Answer<'loginUser'>>>(LOGIN_URL, {
    method: 'POST',
    body: { json: { email, password } satisfies RequestBody<'loginUser'> },
  })
  return parseSessionAnswer('POST', LOGIN_URL, raw)
}

/** `POST /login/isexistingemail`: whether an account already uses this address. */
export async function isExistingEmail(email: string, signal?: AbortSignal): Promise<boolean> {
  const raw = await accountRequest<Unchecked<Answer<'isExistingEmail'>>>(EXISTING_EMAIL_URL, {
    method: 'POST',
    body: { json: { email } satisfies RequestBody<'isExistingEmail'> },
    signal,
  })
  // The backend spells the flag `isExistingEMail` (capital M).
  if (!isRecord(raw) || typeof raw.isExistingEMail !== 'boolean') {
    throw malformed('POST', EXISTING_EMAIL_URL, 'the answer has no isExistingEMail flag')
  }
  return raw.isExistingEMail
}

/**
 * The existing-email check of the sign-up form, keyed by address: an answer about an older
 * address lands under its own key and never shows for the address in the field. Never retried
 * (a failure is shown and the visitor asks again). An answer holds while the address stays in the
 * field; `gcTime: 0` forgets it as soon as the field leaves the address, so coming back to it
 * checks again.
 */
export function existingEmailQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['existing-email', email] as const,
    queryFn: async ({ signal }) => {
      try {
        return await isExistingEmail(email, signal)
      } catch (error) {
        // A check dropped because the field moved on is not a failure.
        if (!signal.aborted) {
          reportError({ area: 'session', message: 'The existing-email check failed', error })
        }
        throw error
      }
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  })
}

export type NewAccount = RequestBody<'createUser'>

/** `POST /user/createuser`. The answer's content is not specified: only the status counts. */
export async function createUser(account: NewAccount): Promise<void> {
  await sessionChangingRequest<undefined>(CREATE_USER_URL, {
    method: 'POST',
    body: {
      json: {
        email: account.email,
        name: account.name,
        password: account.password,
      } satisfies NewAccount,
    },
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
    body: {
      json: {
        email,
        _reset_url: resetPasswordUrl(locale),
        locale,
      } satisfies RequestBody<'sendPasswordResetLink'>,
    },
    parse: 'none',
  })
}

/**
 * Sending the reset link as a mutation (`isPending` while the request runs; never retried). A
 * failure is logged here; the form shows it from the mutation's state.
 */
export function useSendPasswordResetLink() {
  return useMutation({
    mutationFn: ({ email, locale }: { email: string; locale: Locale }) =>
      sendPasswordResetLink(email, locale),
    retry: false,
    onError: (error) =>
      reportError({ area: 'session', message: 'Sending the password reset link failed', error }),
  })
}
