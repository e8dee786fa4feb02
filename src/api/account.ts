/**
 * Account calls of the product backend: the invoice history and the
 * password reset. Both go through `accountRequest` (CSRF token in X-CSRF-TOKEN, one retry on 419).
 *
 * - `getInvoices({ odooID, locale })`: `POST /user/getinvoices` → the invoices, newest first. An
 *   answer without an `invoices` list raises an HttpError ("Error fetching data") like a failed call.
 * - `resetPassword(payload)`: `POST /api/resetpassword`. The answer's content is not read:
 *   any failure (422 for an expired token, 5xx, network) rejects, which the page shows as the
 *   expired-link message.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { normalizeInvoices, type Invoice } from '../domain/invoices'
import { accountRequest, sessionChangingRequest } from '../http/csrf'
import { malformed } from '../http/http'
import type { Answer, RequestBody, Unchecked } from './wire'

export const INVOICES_URL = '/user/getinvoices'
export const RESET_PASSWORD_URL = '/api/resetpassword'

/** The body of `POST /user/getinvoices`. */
export type InvoicesRequest = RequestBody<'getInvoices'>

/** The user's invoices in the locale (product names and links are localized), newest first. */
export async function getInvoices(
  { odooID, locale }: InvoicesRequest,
  signal?: AbortSignal,
): Promise<Invoice[]> {
  const answer = await accountRequest<Unchecked<Answer<'getInvoices'>>>(INVOICES_URL, {
    method: 'POST',
    body: { json: { odooID, locale } satisfies InvoicesRequest },
    signal,
  })
  const invoices = normalizeInvoices(answer)
  if (!invoices) {
    throw malformed('POST', INVOICES_URL, 'The answer has no invoices list')
  }
  return invoices
}

/** Query key: `['invoices', odooID, locale]`. */
export const invoicesQueryKey = ({ odooID, locale }: InvoicesRequest) =>
  ['invoices', odooID, locale] as const

export function invoicesQueryOptions(request: InvoicesRequest) {
  return queryOptions({
    queryKey: invoicesQueryKey(request),
    queryFn: ({ signal }) => getInvoices(request, signal),
  })
}

/** The invoice history of a logged-in user (one request per user and locale per page). */
export function useInvoices(request: InvoicesRequest) {
  return useQuery(invoicesQueryOptions(request))
}

/** What the password reset sends. */
export type PasswordResetPayload = RequestBody<'resetPassword'>

/** `POST /api/resetpassword`: resolves on success, rejects with an HttpError otherwise. */
export async function resetPassword(payload: PasswordResetPayload): Promise<void> {
  await sessionChangingRequest<undefined>(RESET_PASSWORD_URL, {
    method: 'POST',
    body: {
      json: {
        locale: payload.locale,
        email: payload.email,
        token: payload.token,
        password: payload.password,
        password_confirmation: payload.password_confirmation,
      } satisfies PasswordResetPayload,
    },
    parse: 'none',
  })
}

/** The reset as a mutation (`isPending` while the request runs; never retried). */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, retry: false })
}
