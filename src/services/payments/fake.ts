/**
 * Demo and test fake of Stripe.js: the part of its interface that `@stripe/react-stripe-js`
 * (`<Elements>`, `<CardElement>`, `useStripe`, `useElements`) and our payment flow use:
 * `stripe.elements()`, `elements.create('card')`, `elements.getElement('card')`,
 * `element.mount/on/off/once/update/focus/blur/clear/unmount/destroy`, `confirmCardPayment`, plus
 * `createToken`/`createPaymentMethod` (react-stripe-js checks they exist).
 *
 * The card element renders one plain card-number input inside its mount node. It takes its
 * accessible name from the closest ancestor with `aria-labelledby` (the checkout wraps the element
 * in a labelled group), and emits `change` events `{ elementType, empty, complete, brand, error }`
 * like the real element. Outcomes follow Stripe's test cards:
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 3220  3-D Secure: succeeds after a simulated authentication step (FAKE_3DS_MS)
 *   4000 0000 0000 0002  card_error card_declined "Your card was declined."
 *   4000 0000 0000 9995  card_error card_declined / insufficient_funds
 *   any other number     card_error card_declined "Your card was declined."
 * Messages are Stripe's English ones (the real provider localises its own texts).
 */
import type { Stripe } from '@stripe/stripe-js'

type Handler = (event: unknown) => void

/** Simulated network time of a confirmation. */
export const FAKE_CONFIRM_MS = 150
/** Simulated 3-D Secure authentication step. */
export const FAKE_3DS_MS = 900

export const TEST_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function luhnOk(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}

const brandOf = (digits: string) =>
  digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : 'unknown'

export class FakeCardElement {
  readonly elementType = 'card'
  private handlers = new Map<string, Set<Handler>>()
  private input: HTMLInputElement | null = null
  private disabled = false

  constructor(options: { disabled?: boolean } = {}) {
    this.disabled = options.disabled === true
  }

  /** The digits typed so far. */
  get digits(): string {
    return (this.input?.value ?? '').replace(/\D/g, '')
  }

  get complete(): boolean {
    return this.digits.length === 16 && luhnOk(this.digits)
  }

  mount(target: HTMLElement | string): void {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
    if (!host) throw new Error('FakeCardElement: mount target not found')
    const input = document.createElement('input')
    input.type = 'text'
    input.inputMode = 'numeric'
    input.autocomplete = 'cc-number'
    input.placeholder = '1234 1234 1234 1234'
    input.maxLength = 19
    input.disabled = this.disabled
    input.setAttribute('data-fake-card', '')
    input.style.cssText = 'width:100%;box-sizing:border-box;border:0;font:inherit;background:none'
    const labelledBy = host.closest('[aria-labelledby]')?.getAttribute('aria-labelledby')
    if (labelledBy) input.setAttribute('aria-labelledby', labelledBy)
    else input.setAttribute('aria-label', 'Card number')
    input.addEventListener('input', () => {
      const digits = input.value.replace(/\D/g, '').slice(0, 16)
      input.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ')
      this.emitChange()
    })
    input.addEventListener('focus', () => this.emit('focus', { elementType: 'card' }))
    input.addEventListener('blur', () => this.emit('blur', { elementType: 'card' }))
    host.replaceChildren(input)
    this.input = input
    queueMicrotask(() => this.emit('ready', { elementType: 'card' }))
  }

  private emitChange(): void {
    const digits = this.digits
    const invalid = digits.length === 16 && !luhnOk(digits)
    this.emit('change', {
      elementType: 'card',
      empty: digits.length === 0,
      complete: this.complete,
      brand: brandOf(digits),
      value: { postalCode: '' },
      error: invalid
        ? {
            type: 'validation_error',
            code: 'invalid_number',
            message: 'Your card number is invalid.',
          }
        : undefined,
    })
  }

  private emit(event: string, payload: unknown): void {
    this.handlers.get(event)?.forEach((h) => h(payload))
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event)
    if (!set) {
      set = new Set()
      this.handlers.set(event, set)
    }
    set.add(handler)
    return this
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler)
    else this.handlers.delete(event)
    return this
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (e) => {
      this.off(event, wrapped)
      handler(e)
    }
    return this.on(event, wrapped)
  }

  update(options: { disabled?: boolean } = {}): void {
    if (options.disabled !== undefined) {
      this.disabled = options.disabled
      if (this.input) this.input.disabled = options.disabled
    }
  }

  focus(): void {
    this.input?.focus()
  }

  blur(): void {
    this.input?.blur()
  }

  clear(): void {
    if (this.input) this.input.value = ''
    this.emitChange()
  }

  unmount(): void {
    this.input?.remove()
    this.input = null
  }

  destroy(): void {
    this.unmount()
    this.handlers.clear()
  }
}

class FakeElements {
  private card: FakeCardElement | null = null

  create(type: string, options?: { disabled?: boolean }): FakeCardElement {
    if (type !== 'card') throw new Error(`The demo card provider has no "${type}" element`)
    if (this.card) throw new Error('Can only create one Element of type card.')
    this.card = new FakeCardElement(options)
    const card = this.card
    const destroy = card.destroy.bind(card)
    card.destroy = () => {
      destroy()
      if (this.card === card) this.card = null
    }
    return card
  }

  getElement(type: unknown): FakeCardElement | null {
    const name =
      typeof type === 'string' ? type : (type as { __elementType?: string } | null)?.__elementType
    return name === 'card' ? this.card : null
  }

  update(): void {}
}

const declined = (decline_code: string, message: string) => ({
  error: { type: 'card_error', code: 'card_declined', decline_code, message },
})

async function confirmCardPayment(
  clientSecret: string,
  data?: { payment_method?: { card?: unknown } },
): Promise<unknown> {
  await sleep(FAKE_CONFIRM_MS)
  const id = /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(clientSecret)?.[1]
  if (!id) {
    return {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'Invalid value for confirmCardPayment intent secret.',
      },
    }
  }
  const card = data?.payment_method?.card
  if (!(card instanceof FakeCardElement) || !card.complete) {
    return {
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    }
  }
  const succeeded = {
    paymentIntent: {
      id,
      object: 'payment_intent',
      client_secret: clientSecret,
      status: 'succeeded',
      payment_method: 'pm_card_demo',
    },
  }
  switch (card.digits) {
    case TEST_CARDS.success:
      return succeeded
    case TEST_CARDS.threeDSecure:
      await sleep(FAKE_3DS_MS)
      return succeeded
    case TEST_CARDS.insufficientFunds:
      return declined('insufficient_funds', 'Your card has insufficient funds.')
    default:
      return declined('generic_decline', 'Your card was declined.')
  }
}

/** A new fake Stripe object (one per page, like `loadStripe`). */
export function createFakeStripe(): Stripe {
  const unsupported = async () => ({
    error: { type: 'invalid_request_error', message: 'Not supported by the demo card provider.' },
  })
  const fake = {
    elements: () => new FakeElements(),
    confirmCardPayment,
    createToken: unsupported,
    createPaymentMethod: unsupported,
    registerAppInfo: () => undefined,
    _registerWrapper: () => undefined,
  }
  // The fake implements only the part of Stripe's (very large) interface that react-stripe-js and
  // our payment flow call; the cast says so once, here, instead of at every use.
  return fake as unknown as Stripe
}
