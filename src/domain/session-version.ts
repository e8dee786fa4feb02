/**
 * When a page may reuse the session the server confirmed on an earlier page instead of asking who
 * is logged in. Only the site knows when its session changes (its own login form, a single
 * sign-on return, a password reset that logs in, a logout link, an expiry): it says so with a
 * small cookie it changes on each of them (the contract's "Session version"). Without one, no
 * answer is known to be still valid and every page asks once.
 */

/** A cookie name as RFC 6265 allows it (a token): what `session.versionCookie` may hold. */
export const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Whether a session confirmed while the site's version cookie held `confirmedWith` still holds
 * now that it holds `current`: only the same, present value proves nothing changed. A missing
 * cookie (cleared, expired, never set) or a changed one means ask again.
 */
export function sessionStillValid(confirmedWith: string | null, current: string | null): boolean {
  return confirmedWith !== null && current !== null && current !== '' && confirmedWith === current
}
