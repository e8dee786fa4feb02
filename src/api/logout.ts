/**
 * The logout call on its own: the page's session service (loaded on every page with a widget)
 * needs only this one, not the rest of the account calls in `session.ts`.
 */
import { sessionChangingRequest } from '../http/csrf'
import { malformed } from '../http/http'
import { isRecord } from '../domain/is-record'
import type { Answer, Unchecked } from './wire'

export const LOGOUT_URL = '/login/logoutuser'

/** `GET /login/logoutuser`: resolves when the server confirms with `isLoggedOut: true`. */
export async function logoutUser(): Promise<void> {
  const raw = await sessionChangingRequest<Unchecked<Answer<'logoutUser'>>>(LOGOUT_URL)
  if (!isRecord(raw) || typeof raw.isLoggedOut !== 'boolean') {
    throw malformed('GET', LOGOUT_URL, 'the answer has no isLoggedOut flag')
  }
  if (!raw.isLoggedOut) throw malformed('GET', LOGOUT_URL, 'the server did not log out')
}
