/**
 * The cart widget's test set-up, shared by its test files (widgets/cart/*.test.tsx): the demo
 * config, Claire's contacts, the usual cart line, rendering the cart and opening its payment tab.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../render-widget'
import { changeCatalogue, sellsLines, type CatalogueChanges } from '../catalogue'
import { callsOf, db } from '../db'
import { CLAIRE_CONTACT, wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { setPageConfig, type WidgetsConfig } from '../../src/config/config'
import type { CartLine, Contact, Locale } from '../../src/domain/types'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'
import { emptyContacts } from '../../src/store/state'
import { cart } from '../../widgets/cart/index'

// The checkout is a chunk of its own, imported when a logged-in shopper has lines or turns to
// the login box. Its modules are transformed here, before the tests, so the first checkout of a
// file does not wait seconds on Stripe's React code on a busy machine; the cart still loads it
// on demand, as in a browser (checkout-code.test.tsx).
await import('../../widgets/cart/checkout-parts')

/** The demo page's config: test stand-ins for the rules, Stripe and the address lookup. */
export const DEMO_CONFIG: WidgetsConfig = {
  demo: true,
  rules: { url: '/api/rules' },
  stripe: { publishableKey: 'pk_test_demo' },
  maps: { apiKey: 'demo-maps-key' },
}

/**
 * The rules service's shipping decisions asked so far (the same service also answers the
 * loyalty decisions the cart page reads its wines' promotions with).
 */
export const shippingQuotes = () =>
  callsOf('rules').filter((c) => c.url.endsWith('/evaluate/shipping'))

/** Sets the demo page's config (for `beforeEach`). */
export function setDemoConfig() {
  setPageConfig({ config: DEMO_CONFIG, problems: [] })
}

/** A text with its (narrow) no-break spaces as spaces and its white space folded and trimmed. */
export const plain = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The figure of a row of the order summary. */
export const figure = (label: string) =>
  plain(screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent)

/** Claire's delivery address (her contact, with the phone number the cart tests type). */
export const DELIVERY: Contact = { ...CLAIRE_CONTACT, phone: '+32 470 12 34 56' }

/** Claire's invoice address: her company at the same address. */
export const INVOICE: Contact = { ...DELIVERY, name: 'Wijnhandel De Druif BV' }

/** The usual cart line: 6 × Falize Tradition 2021 at 12.50 (75 EUR), 20 in stock. */
export const cartLine = (overrides: Partial<CartLine> = {}): CartLine =>
  wineLine({ price: 12.5, qty_available: 20, free_qty: 20, ...overrides })

/**
 * Renders the cart widget, with a user that types without pausing between keys. The cart page
 * reads its lines again from the catalogue (when it opens and on Pay): the mock back office sells
 * the cart's lines as the cart remembers them, plus `catalogue`, what it sells differently now.
 */
export async function renderCart(
  locale: Locale = 'en',
  { catalogue }: { catalogue?: CatalogueChanges } = {},
) {
  changeCatalogue(sellsLines(getStore().getState().cart.lines))
  if (catalogue) changeCatalogue(catalogue)
  // No pause between keystrokes: these flows type a lot on a busy 2-core machine.
  const user = userEvent.setup({ delay: null })
  const result = await renderWidget(cart, { locale })
  return { user, ...result }
}

const PAYMENT_TAB: Record<Locale, string> = { en: 'Payment', fr: 'Paiement', nl: 'Betaling' }

/** Logged in as Claire with these lines in the cart (one `cartLine()` by default): the checkout. */
export async function renderAsClaire(locale: Locale = 'en', lines: CartLine[] = [cartLine()]) {
  db.sessionEmail = CLAIRE.email
  lines.forEach((l) => addToCart(l))
  const rendered = await renderCart(locale)
  await screen.findByRole('tablist')
  return rendered
}

/**
 * Claire's cart (6 × 12.50 by default), both contacts filled and her age confirmed earlier in the
 * session: the payment tab is open.
 */
export async function renderOnPaymentTab(locale: Locale = 'en', lines?: CartLine[]) {
  setContacts({ ...emptyContacts(), delivery: DELIVERY, invoice: INVOICE, ageConfirmed: true })
  const rendered = await renderAsClaire(locale, lines)
  await rendered.user.click(await screen.findByRole('tab', { name: PAYMENT_TAB[locale] }))
  // The panel follows the tab after the click's paint.
  await screen.findByRole('tabpanel', { name: PAYMENT_TAB[locale] })
  return rendered
}
