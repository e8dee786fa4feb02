/**
 * The demo bank (`/demo/bank`, page `demo-pages/bank.html`, script built to `dist-demo/bank.js`):
 * where the fake Stripe.js (`mocks/fake-stripe.ts`) sends a Bancontact payment, as real Stripe
 * sends the shopper to their bank. It reads the intent from the query
 * (`?payment_intent=pi_…&payment_intent_client_secret=…&return_url=…`), shows the amount and the
 * order, and offers three buttons:
 *   Approve  → the fake Stripe server charges the intent; back to return_url with
 *              `payment_intent`, `payment_intent_client_secret` and `redirect_status=succeeded`
 *   Decline  → the intent needs a new payment method (`payment_method_provider_decline`); back
 *              with `redirect_status=failed`
 *   Abandon  → back to return_url as it was (what the browser's back button does); the intent
 *              stays `requires_action`
 * Only a return_url on this page's origin is followed.
 */
import { formatEuros, h, returnUrlFor } from '../mocks/fake-stripe'
import { stripeServer } from '../mocks/stripe-server'

export const BANK_BUTTONS = {
  approve: 'Approve',
  decline: 'Decline',
  abandon: 'Abandon',
  back: 'Back to the shop',
} as const

export const BANK_DECLINE = {
  type: 'card_error',
  code: 'payment_method_provider_decline',
  message: 'The payment was declined by the bank.',
} as const

export interface BankOptions {
  /** The bank page's own address (query included). Default: `window.location.href`. */
  href?: string
  /** Leaves the page. Default: `window.location.assign`. */
  navigate?: (url: string) => void
}

/** The return address, if it is a web address on the same origin as the bank page. */
export function sameOriginReturnUrl(raw: string | null, pageHref: string): URL | null {
  if (!raw) return null
  try {
    const url = new URL(raw, pageHref)
    return url.origin === new URL(pageHref).origin ? url : null
  } catch {
    return null
  }
}

/** Renders the bank's answer for the request in `href` into `app`. */
export function mountBank(app: HTMLElement, options: BankOptions = {}): void {
  const href = options.href ?? window.location.href
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url))
  const query = new URL(href).searchParams
  const id = query.get('payment_intent') ?? ''
  const secret = query.get('payment_intent_client_secret') ?? ''
  const found = id ? stripeServer.find(id) : undefined
  const intent = found && found.id === id && found.client_secret === secret ? found : undefined
  const returnUrl = sameOriginReturnUrl(query.get('return_url'), href)

  const problem = (text: string) => app.replaceChildren(h('p', { role: 'alert' }, text))
  if (!intent) {
    problem('This payment request is not valid: the bank does not know it.')
    return
  }
  if (!returnUrl) {
    problem(
      "The shop's return address is missing or not on this site: the demo bank only sends you back to the same site.",
    )
    return
  }

  const details = h(
    'dl',
    {},
    h('dt', {}, 'Amount'),
    h('dd', { class: 'amount' }, formatEuros(intent.amount)),
    h('dt', {}, 'Description'),
    h('dd', {}, intent.description || '—'),
  )
  const actions = h('div', { class: 'actions' })
  const status = h('p', { role: 'status' })
  app.replaceChildren(details, actions, status)

  const button = (label: string, className: string, act: () => string) => {
    const b = h('button', { type: 'button', class: className }, label)
    b.addEventListener('click', () => {
      for (const other of actions.querySelectorAll('button')) other.disabled = true
      status.textContent = 'Returning to the shop…'
      navigate(act())
    })
    return b
  }

  if (intent.status !== 'requires_action') {
    const settled = intent.status === 'succeeded'
    status.textContent = `This payment is no longer waiting for your approval (${
      settled ? 'it has been paid' : `status: ${intent.status}`
    }).`
    actions.append(
      button(BANK_BUTTONS.back, 'approve', () =>
        returnUrlFor(returnUrl.href, intent, settled ? 'succeeded' : 'failed'),
      ),
    )
    return
  }

  /** Where the shopper goes back to, from the intent as the server holds it now. */
  const back = () =>
    returnUrlFor(
      returnUrl.href,
      intent,
      stripeServer.find(intent.id)?.status === 'succeeded' ? 'succeeded' : 'failed',
    )
  // Another tab may have settled the intent meanwhile: only one waiting for the bank changes.
  const waiting = () => stripeServer.find(intent.id)?.status === 'requires_action'
  actions.append(
    button(BANK_BUTTONS.approve, 'approve', () => {
      if (waiting()) stripeServer.charge(intent.id, 'bancontact')
      return back()
    }),
    button(BANK_BUTTONS.decline, 'decline', () => {
      if (waiting())
        stripeServer.update(intent.id, {
          status: 'requires_payment_method',
          last_payment_error: { ...BANK_DECLINE },
        })
      return back()
    }),
    button(BANK_BUTTONS.abandon, 'abandon', () => returnUrl.href),
  )
}

const app = typeof document === 'undefined' ? null : document.getElementById('bank-app')
if (app) mountBank(app)
