import type { Locale } from '../../src/domain/types'

/**
 * A create-order call as the app sends it after a reload or a lost answer: one cart line,
 * delivery and invoice contacts, the page's CSRF token and the cart's Idempotency-Key (`cart-1`).
 */
export const createKeyedOrder = async (locale: Locale) =>
  fetch('/api/createorderinodoo', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': 'cart-1',
      'X-CSRF-TOKEN': await (await fetch('/cp/auth/token')).text(),
    },
    body: JSON.stringify({
      locale,
      contacts: JSON.stringify({ delivery: {}, invoice: {} }),
      cartlines: JSON.stringify([{ id: '200000', quantity: 1 }]),
    }),
  })
