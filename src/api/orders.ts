/**
 * Checkout and order calls of the product backend.
 *
 * Wire formats (contract/openapi.yaml and the types generated from it): `isVATValid` and `sendorderconfirmation` are form
 * data; `createorderinodoo` is form data too, its `contacts` and `cartlines` fields being JSON text;
 * `checkoutorder` and `createpaymentintent` are JSON. Every call here but the VAT check changes
 * something or reads the account, so it goes through `accountRequest` (CSRF token in
 * X-CSRF-TOKEN, a fresh token and one retry on 419): a form on another site can post form data
 * without a preflight, and the token is what tells the site the shopper's own page sent it.
 * Every failure, and every answer without the documented shape, raises
 * an HttpError ("Error fetching data"), so callers handle one kind of failure. The payment steps
 * get the longer PAYMENT_TIMEOUT_MS: a slow back office is waited for, a hung one is not.
 */
import type { CartLine, Contact, Locale, VatRecord } from '../domain/types'
import { accountRequest } from '../http/csrf'
import { PAYMENT_TIMEOUT_MS, malformed, postForm, type RequestOptions } from '../http/http'
import { isRecord } from '../domain/is-record'
import { toNumber } from '../domain/to-number'
import type { Answer, RequestBody, Schema, Unchecked } from './wire'

export const VAT_URL = '/api/isVATValid'
export const CREATE_ORDER_URL = '/api/createorderinodoo'
export const CHECKOUT_ORDER_URL = '/api/checkoutorder'
export const ORDER_CONFIRMATION_URL = '/api/sendorderconfirmation'
export const PAYMENT_INTENT_URL = '/api/createpaymentintent'
export const UPDATE_POINTS_URL = '/user/updateuserpoints'
export const UPDATED_POINTS_URL = '/user/getupdatedpoints'

/** The VIES check's answer: `name` is null when the register has none ("---"). */
export interface VatCheck {
  valid: boolean
  name: string | null
}

/** `POST /api/isVATValid` (form data `vat`, already normalised by the caller). */
export async function isVATValid(vat: string, signal?: AbortSignal): Promise<VatCheck> {
  const raw = await postForm<Unchecked<Answer<'isVatValid'>>>(
    VAT_URL,
    { vat } satisfies RequestBody<'isVatValid'>,
    signal,
  )
  if (!isRecord(raw) || typeof raw.valid !== 'boolean') {
    throw malformed('POST', VAT_URL, 'the answer has no valid flag')
  }
  const name = typeof raw.name === 'string' ? raw.name.trim() : ''
  return { valid: raw.valid, name: name === '' || name === '---' ? null : name }
}

/**
 * Options of a mutating call of the payment flow. The key travels as an `Idempotency-Key` header:
 * a backend that honours it answers a retry with the first answer and no second effect (one
 * order, one e-mail, one points update); one that ignores it is unharmed.
 */
export interface MutationOptions {
  idempotencyKey?: string
  signal?: AbortSignal
}

/** What every call here sends besides its body: the key, the signal, the payment timeout. */
const mutation = (
  options: MutationOptions,
): Pick<RequestOptions, 'headers' | 'signal' | 'timeoutMs'> => ({
  headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
  signal: options.signal,
  timeoutMs: PAYMENT_TIMEOUT_MS,
})

/** A POST of the payment flow whose answer is not read (only its failure counts). */
const unreadPost = (
  body: NonNullable<RequestOptions['body']>,
  options: MutationOptions,
): RequestOptions => ({ method: 'POST', body, parse: 'none', ...mutation(options) })

export interface OrderContacts {
  invoice: Contact
  delivery: Contact
  vat: VatRecord
}

/**
 * `POST /api/createorderinodoo` → the order number. `orderCreated: false` is a failure (the
 * payment shows "couldn't create the order" and keeps the cart; the next Pay sends the same key).
 */
export async function createOrderInOdoo(
  order: {
    locale: Locale
    contacts: OrderContacts
    cartlines: readonly CartLine[]
  },
  options: MutationOptions = {},
): Promise<string> {
  const raw = await accountRequest<Unchecked<Answer<'createOrderInOdoo'>>>(CREATE_ORDER_URL, {
    method: 'POST',
    body: {
      form: {
        locale: order.locale,
        contacts: JSON.stringify(order.contacts satisfies Schema<'OrderContacts'>),
        cartlines: JSON.stringify(order.cartlines satisfies readonly Schema<'CartLine'>[]),
        // An order is only made from a Pay the age box allowed (payment-controller.ts `pay`).
        age_confirmed: 'true',
      } satisfies RequestBody<'createOrderInOdoo'>,
    },
    ...mutation(options),
  })
  if (!isRecord(raw) || raw.orderCreated !== true) {
    throw malformed('POST', CREATE_ORDER_URL, 'the order was not created')
  }
  // A string, as the contract types it: the later calls send it back as `orderId` (a string),
  // so a number would be a back office the contract check should flag, not one to read around.
  const number = raw.orderNumber
  if (typeof number !== 'string' || number.trim() === '') {
    throw malformed('POST', CREATE_ORDER_URL, 'the answer has no orderNumber')
  }
  return number
}

/** `POST /api/checkoutorder`: confirms a paid order. The answer is not read. */
export async function checkoutOrder(orderId: string, options: MutationOptions = {}): Promise<void> {
  await accountRequest<undefined>(
    CHECKOUT_ORDER_URL,
    unreadPost({ json: { orderId } satisfies RequestBody<'checkoutOrder'> }, options),
  )
}

/**
 * The order confirmation's fields, before they are sent as form data (the lines and the
 * contacts then travel as JSON text).
 */
export type OrderConfirmation = Omit<
  RequestBody<'sendOrderConfirmation'>,
  'cartlines' | 'invoice' | 'delivery'
> & {
  cartlines: readonly CartLine[]
  invoice: Contact
  delivery: Contact
}

/** `POST /api/sendorderconfirmation` (form data; lists and contacts as JSON text). */
export async function sendOrderConfirmation(
  confirmation: OrderConfirmation,
  options: MutationOptions = {},
): Promise<void> {
  const form = {
    cartlines: JSON.stringify(confirmation.cartlines satisfies readonly Schema<'CartLine'>[]),
    shipping: confirmation.shipping,
    total: confirmation.total,
    invoice: JSON.stringify(confirmation.invoice satisfies Schema<'Contact'>),
    delivery: JSON.stringify(confirmation.delivery satisfies Schema<'Contact'>),
    redeemedPoints: confirmation.redeemedPoints,
    redeemedPointsAmount: confirmation.redeemedPointsAmount,
    locale: confirmation.locale,
    orderId: confirmation.orderId,
  } satisfies RequestBody<'sendOrderConfirmation'>
  await accountRequest<undefined>(ORDER_CONFIRMATION_URL, unreadPost({ form }, options))
}

/**
 * The payment intent's fields besides `card`: `amount_total` in cents, rounded,
 * `name` (what the payment is for: the order number), the customer's name and e-mail, and
 * `orderId`, the order the intent pays (a field the back office added for us).
 */
export type PaymentIntentRequest = Omit<RequestBody<'createPaymentIntent'>, 'card'>

/** `POST /api/createpaymentintent` → the intent's client secret (card payment). */
export async function createPaymentIntent(
  intent: PaymentIntentRequest,
  options: MutationOptions = {},
): Promise<string> {
  const raw = await accountRequest<Unchecked<Answer<'createPaymentIntent'>>>(PAYMENT_INTENT_URL, {
    method: 'POST',
    body: { json: { card: 'card', ...intent } satisfies RequestBody<'createPaymentIntent'> },
    ...mutation(options),
  })
  if (!isRecord(raw) || typeof raw.client_secret !== 'string' || raw.client_secret === '') {
    throw malformed('POST', PAYMENT_INTENT_URL, 'the answer has no client_secret')
  }
  return raw.client_secret
}

/** `date` in nl-BE ("22/11/2026"), `document` the order number, `points` negative when redeemed. */
export type PointsUpdate = RequestBody<'updateUserPoints'>

/** `POST /user/updateuserpoints` (account call). The answer is not read. */
export async function updateUserPoints(
  update: PointsUpdate,
  options: MutationOptions = {},
): Promise<void> {
  await accountRequest<undefined>(UPDATE_POINTS_URL, unreadPost({ json: { ...update } }, options))
}

/** `POST /user/getupdatedpoints` (account call) → the user's balance. */
export async function getUpdatedPoints(userEmail: string): Promise<number> {
  const raw = await accountRequest<Unchecked<Answer<'getUpdatedPoints'>>>(UPDATED_POINTS_URL, {
    method: 'POST',
    body: { json: { userEmail } satisfies RequestBody<'getUpdatedPoints'> },
  })
  const points = isRecord(raw) ? toNumber(raw.points) : null
  if (points === null)
    throw malformed('POST', UPDATED_POINTS_URL, 'the answer has no points number')
  return points
}
