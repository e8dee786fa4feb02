/**
 * Demo and test fake of Stripe.js with the Payment Element: the part of its interface that
 * `@stripe/react-stripe-js` v7 (`<Elements>`, `<PaymentElement>`, `useStripe`, `useElements`) and
 * our payment flow call. Registered by the demo bootstrap and the component tests through
 * `window.wineWidgetsServices.payments` (`src/services/overrides.ts`); never part of the library
 * build (e2e/bundle.spec.ts checks `dist/`).
 *
 * - `stripe.elements(options)` (`mode`, `amount`, `currency`, `locale`,
 *   `allowedPaymentMethodTypes`/`excludedPaymentMethodTypes`, or the older `paymentMethodTypes`) →
 *   an elements group: `create('payment', { layout, readOnly })`, `getElement`, `update`,
 *   `submit`, `fetchUpdates`. Element: `mount/unmount/destroy/on/off/once/update/focus/blur/
 *   clear/collapse`; events `ready`, `focus`, `blur`, `escape`, `change`.
 * - The Payment Element renders plain DOM in its mount node: a "Payment method" group of radio
 *   buttons "Card" / "Bancontact" (named in the element's `locale`, like real Stripe), then the
 *   chosen method's one field: "Card number" (digits grouped by 4, Luhn check) or "Full name".
 *   Only the chosen method's field is in the DOM (real Stripe's fields live in its iframe).
 *   Only card and Bancontact exist: no wallets (Apple Pay, Google Pay), no Link, no saved cards.
 * - `stripe.confirmPayment`, `retrievePaymentIntent` and `handleNextAction` work against the fake
 *   Stripe servers (`./stripe-server`), with Stripe's test cards:
 *     4242 4242 4242 4242  succeeds
 *     4000 0000 0000 3220  3-D Secure: a modal dialog "3D Secure authentication (demo)" with
 *                          "Complete authentication" / "Fail authentication"
 *     4000 0000 0000 0002  card_error card_declined generic_decline "Your card was declined."
 *     4000 0000 0000 9995  card_error card_declined insufficient_funds
 *     any other valid one  declined like 0002
 *   Bancontact leaves the page for the demo bank (`/demo/bank`), which returns to `return_url`.
 * - Integration mistakes (no elements, no client secret, confirming without a successful
 *   `elements.submit()` in deferred-intent mode) reject with an `IntegrationError`, as Stripe.js
 *   throws them. Result messages are Stripe's English ones.
 */
import type { Stripe } from '@stripe/stripe-js'
import { stripeServer, type FakeIntent, type FakeMethod } from './stripe-server'

/** Simulated network time of a confirmation (so "processing" states are observable). */
export const FAKE_CONFIRM_MS = 150
/** Simulated network time of a retrieval or a next-action lookup. */
export const FAKE_RETRIEVE_MS = 30
/** Simulated load time of the Payment Element before `ready`. */
export const FAKE_READY_MS = 20
/** Where Bancontact sends the shopper (the demo bank page). */
export const FAKE_BANK_PATH = '/demo/bank'

export const TEST_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

/** The 3-D Secure dialog's accessible name and buttons. */
export const THREE_D_SECURE = {
  title: '3D Secure authentication (demo)',
  complete: 'Complete authentication',
  fail: 'Fail authentication',
} as const

export const FAKE_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteName: 'Please provide your full name.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  alreadySucceeded:
    'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
} as const

/** The element's own texts, in the `locale` given to `stripe.elements()`. */
export const FAKE_ELEMENT_TEXTS = {
  en: {
    methods: 'Payment method',
    card: 'Card',
    bancontact: 'Bancontact',
    cardNumber: 'Card number',
    fullName: 'Full name',
  },
  fr: {
    methods: 'Moyen de paiement',
    card: 'Carte',
    bancontact: 'Bancontact',
    cardNumber: 'Numéro de carte',
    fullName: 'Nom complet',
  },
  nl: {
    methods: 'Betaalmethode',
    card: 'Kaart',
    bancontact: 'Bancontact',
    cardNumber: 'Kaartnummer',
    fullName: 'Volledige naam',
  },
} as const

type FakeLocale = keyof typeof FAKE_ELEMENT_TEXTS
type Handler = (event: unknown) => unknown

const METHODS: readonly FakeMethod[] = ['card', 'bancontact']

/** What Stripe.js answers about a payment intent (the fields our flow reads). */
export interface FakePaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: FakeIntent['status']
  client_secret: string
  description: string
  payment_method_types: FakeMethod[]
  last_payment_error: FakeIntent['last_payment_error']
}

export interface FakeStripeError {
  type: string
  code?: string
  decline_code?: string
  message: string
  payment_intent?: FakePaymentIntent
}

export type FakeIntentResult =
  | { paymentIntent: FakePaymentIntent; error?: undefined }
  | { paymentIntent?: undefined; error: FakeStripeError }

export interface FakeStripeOptions {
  /** How the page leaves for the bank or a return_url. Default `window.location.assign`. */
  navigate?: (url: string) => void
}

interface FakeElementsOptions {
  mode?: string
  amount?: number
  currency?: string
  locale?: string
  clientSecret?: string
  /** Stripe.js v10's name for the methods to offer. */
  allowedPaymentMethodTypes?: string[]
  excludedPaymentMethodTypes?: string[]
  /** The older name (removed from @stripe/stripe-js's types in v10), still honoured. */
  paymentMethodTypes?: string[]
}

interface FakePaymentElementOptions {
  layout?: unknown
  readOnly?: boolean
}

interface ConfirmPaymentOptions {
  elements?: unknown
  clientSecret?: unknown
  confirmParams?: { return_url?: string; payment_method_data?: unknown }
  redirect?: 'if_required' | 'always'
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Stripe.js throws these for calls that can never work (a bug in the integration). */
class IntegrationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IntegrationError'
  }
}

export function luhnOk(digits: string): boolean {
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

const groupBy4 = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ')

/** `12.5 €` as a bank shows it: `€12.50`. */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100)
}

function toLocale(value: string | undefined): FakeLocale {
  const wanted =
    !value || value === 'auto'
      ? typeof document !== 'undefined'
        ? document.documentElement.lang
        : ''
      : value
  const short = wanted.slice(0, 2).toLowerCase()
  return short === 'fr' || short === 'nl' ? short : 'en'
}

let uid = 0

/** A DOM element with attributes and children (the fake's and the demo bank's markup). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  el.append(...children)
  return el
}

interface MethodView {
  /** The method's radio button (none when only one method is offered). */
  radio: HTMLInputElement | null
  /** Its label, input and message: in the DOM only while the method is chosen. */
  field: HTMLElement
  input: HTMLInputElement
  error: HTMLElement
}

/** The Payment Element: one per elements group. */
class FakePaymentElement {
  readonly elementType = 'payment'
  private readonly handlers = new Map<string, Set<Handler>>()
  private method: FakeMethod
  private digits = ''
  private name = ''
  private readOnly: boolean
  private readonly errors: Partial<Record<FakeMethod, string>> = {}
  private host: HTMLElement | null = null
  private views = new Map<FakeMethod, MethodView>()
  private current: HTMLElement | null = null
  private focused = false
  private readyTimer: ReturnType<typeof setTimeout> | null = null
  private destroyed = false

  constructor(
    private readonly group: FakeElements,
    options: FakePaymentElementOptions,
  ) {
    this.readOnly = options.readOnly === true
    this.method = group.methods()[0] ?? 'card'
  }

  get selectedMethod(): FakeMethod {
    return this.method
  }

  get cardDigits(): string {
    return this.digits
  }

  get isMounted(): boolean {
    return this.host !== null
  }

  private cardError(): { code: string; message: string } | null {
    if (this.digits.length < 16)
      return { code: 'incomplete_number', message: FAKE_MESSAGES.incompleteNumber }
    if (!luhnOk(this.digits))
      return { code: 'invalid_number', message: FAKE_MESSAGES.invalidNumber }
    return null
  }

  private complete(method: FakeMethod = this.method): boolean {
    return method === 'card' ? this.cardError() === null : this.name.trim() !== ''
  }

  /** `elements.submit()`: the chosen method's error (also shown under its field), or null. */
  validate(): FakeStripeError | null {
    const problem =
      this.method === 'card'
        ? this.cardError()
        : this.complete()
          ? null
          : { code: 'incomplete_name', message: FAKE_MESSAGES.incompleteName }
    this.errors[this.method] = problem?.message
    this.syncErrors()
    return problem ? { type: 'validation_error', ...problem } : null
  }

  mount(target: HTMLElement | string): void {
    if (this.destroyed) throw new IntegrationError('This Element has already been destroyed.')
    if (this.host)
      throw new IntegrationError(
        'This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.',
      )
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
    if (!host) throw new IntegrationError('The selector you specified does not match any element.')
    this.host = host
    this.render()
    this.readyTimer = setTimeout(() => {
      this.readyTimer = null
      this.emit('ready', { elementType: 'payment' })
    }, FAKE_READY_MS)
  }

  /** Builds the element's DOM from its state (mount, and a new locale or method list). */
  render(): void {
    const host = this.host
    if (!host) return
    const locale = this.group.locale()
    const t = FAKE_ELEMENT_TEXTS[locale]
    const methods = this.group.methods()
    if (!methods.includes(this.method)) this.method = methods[0] ?? 'card'
    uid += 1
    const id = `wine-fake-stripe-${uid}`
    const root = h('div', { 'data-fake-stripe': 'payment-element', lang: locale })
    root.style.cssText = 'display:grid;gap:0.75rem;font:inherit'
    this.views = new Map()
    // A radio group (native arrow keys), not tabs: real Stripe's tabs live in its iframe, and
    // tabs here would mix with the host page's own tabs (the checkout is a tab panel).
    const legend = h('legend', {}, t.methods)
    legend.style.cssText = 'padding:0;margin-bottom:0.25rem;width:100%'
    const choice = methods.length > 1 ? h('fieldset', {}, legend) : null
    if (choice) {
      choice.style.cssText = 'display:flex;flex-wrap:wrap;gap:0.5rem;margin:0;padding:0;border:0'
      root.append(choice)
    }
    const current = h('div')
    for (const method of methods) {
      const radio = choice
        ? h('input', { type: 'radio', name: `${id}-method`, value: method })
        : null
      if (radio && choice) {
        radio.addEventListener('change', () => {
          if (radio.checked) this.select(method)
        })
        const option = h('label', {}, radio, ` ${t[method]}`)
        option.style.cssText =
          'flex:1;min-width:8rem;padding:0.5rem 0.75rem;border:1px solid #8a7a80;' +
          'border-radius:0.375rem;background:#fff;cursor:pointer'
        choice.append(option)
      }
      const inputId = `${id}-${method}-input`
      const input = h('input', { id: inputId, type: 'text' })
      input.style.cssText =
        'width:100%;box-sizing:border-box;font:inherit;padding:0.5rem 0.75rem;' +
        'border:1px solid #8a7a80;border-radius:0.375rem;background:#fff;color:inherit'
      if (method === 'card') {
        input.inputMode = 'numeric'
        input.autocomplete = 'cc-number'
        input.placeholder = '1234 1234 1234 1234'
        input.maxLength = 19
        input.value = groupBy4(this.digits)
        input.addEventListener('input', () => this.onCardInput(input))
        input.addEventListener('blur', () => {
          if (this.digits !== '') this.errors.card = this.cardError()?.message
          this.syncErrors()
        })
      } else {
        input.autocomplete = 'name'
        input.value = this.name
        input.addEventListener('input', () => {
          this.name = input.value
          if (this.complete('bancontact')) this.errors.bancontact = undefined
          this.syncErrors()
          this.emitChange()
        })
      }
      const label = h('label', { for: inputId }, method === 'card' ? t.cardNumber : t.fullName)
      label.style.cssText = 'display:block;margin-bottom:0.25rem'
      // Stripe's messages are English here (see the module comment): say so to screen readers.
      const error = h('p', { id: `${id}-${method}-error`, lang: 'en' })
      error.style.cssText = 'margin:0.25rem 0 0;color:#b00020'
      this.views.set(method, { radio, field: h('div', {}, label, input, error), input, error })
    }
    root.append(current)
    root.addEventListener('focus', () => this.onFocus(), true)
    root.addEventListener('blur', (event) => this.onBlur(root, event), true)
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.emit('escape', { elementType: 'payment' })
    })
    host.replaceChildren(root)
    this.current = current
    this.syncMethod()
    this.syncReadOnly()
    this.syncErrors()
  }

  private onCardInput(input: HTMLInputElement): void {
    this.digits = input.value.replace(/\D/g, '').slice(0, 16)
    input.value = groupBy4(this.digits)
    // Like Stripe: a full number that fails the check says so at once; typing clears the rest.
    this.errors.card =
      this.digits.length === 16 && !luhnOk(this.digits) ? FAKE_MESSAGES.invalidNumber : undefined
    this.syncErrors()
    this.emitChange()
  }

  private select(method: FakeMethod): void {
    if (this.readOnly || method === this.method) {
      this.syncMethod()
      return
    }
    this.method = method
    this.syncMethod()
    this.emitChange()
  }

  private onFocus(): void {
    if (this.focused) return
    this.focused = true
    this.emit('focus', { elementType: 'payment' })
  }

  private onBlur(root: HTMLElement, event: FocusEvent): void {
    const next = event.relatedTarget
    if (next instanceof Node && root.contains(next)) return
    this.focused = false
    this.emit('blur', { elementType: 'payment' })
  }

  private syncMethod(): void {
    for (const [method, view] of this.views) {
      if (view.radio) view.radio.checked = method === this.method
    }
    const field = this.views.get(this.method)?.field
    if (field && this.current && this.current.firstChild !== field)
      this.current.replaceChildren(field)
  }

  private syncReadOnly(): void {
    for (const view of this.views.values()) {
      view.input.disabled = this.readOnly
      if (view.radio) view.radio.disabled = this.readOnly
    }
  }

  private syncErrors(): void {
    for (const [method, view] of this.views) {
      const message = this.errors[method]
      view.error.textContent = message ?? ''
      view.error.hidden = !message
      if (message) {
        view.input.setAttribute('aria-invalid', 'true')
        view.input.setAttribute('aria-describedby', view.error.id)
      } else {
        view.input.removeAttribute('aria-invalid')
        view.input.removeAttribute('aria-describedby')
      }
    }
  }

  private emitChange(): void {
    this.emit('change', {
      elementType: 'payment',
      empty: this.digits === '' && this.name.trim() === '',
      complete: this.complete(),
      collapsed: false,
      value: { type: this.method },
    })
  }

  private emit(event: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload)
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
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped)
      return handler(payload)
    }
    return this.on(event, wrapped)
  }

  update(options: Partial<FakePaymentElementOptions> = {}): this {
    if (options.readOnly !== undefined) {
      this.readOnly = options.readOnly
      this.syncReadOnly()
    }
    return this
  }

  focus(): this {
    this.views.get(this.method)?.input.focus()
    return this
  }

  blur(): this {
    const active = document.activeElement
    if (active instanceof HTMLElement && this.host?.contains(active)) active.blur()
    return this
  }

  clear(): this {
    this.digits = ''
    this.name = ''
    this.errors.card = undefined
    this.errors.bancontact = undefined
    for (const view of this.views.values()) view.input.value = ''
    this.syncErrors()
    this.emitChange()
    return this
  }

  collapse(): this {
    return this
  }

  unmount(): this {
    if (this.readyTimer) clearTimeout(this.readyTimer)
    this.readyTimer = null
    this.host?.replaceChildren()
    this.host = null
    this.views = new Map()
    this.current = null
    this.focused = false
    return this
  }

  destroy(): this {
    this.unmount()
    this.handlers.clear()
    this.destroyed = true
    this.group.release(this)
    return this
  }
}

/** An elements group (`stripe.elements(options)`). */
class FakeElements {
  private options: FakeElementsOptions
  private payment: FakePaymentElement | null = null
  private submitted = false

  constructor(options: FakeElementsOptions = {}) {
    this.options = { ...options }
  }

  locale(): FakeLocale {
    return toLocale(this.options.locale)
  }

  /** The methods shown: the allowed ones the fake knows, minus the excluded; else both. */
  methods(): FakeMethod[] {
    const allowed = this.options.allowedPaymentMethodTypes ?? this.options.paymentMethodTypes
    const excluded = this.options.excludedPaymentMethodTypes ?? []
    const known = METHODS.filter((m) => (!allowed || allowed.includes(m)) && !excluded.includes(m))
    return known.length > 0 ? known : [...METHODS]
  }

  get paymentElement(): FakePaymentElement | null {
    return this.payment
  }

  create(type: string, options: FakePaymentElementOptions = {}): FakePaymentElement {
    if (type !== 'payment')
      throw new IntegrationError(`The demo Stripe has only the Payment Element, not "${type}".`)
    if (this.payment) throw new IntegrationError('Can only create one Element of type payment.')
    this.payment = new FakePaymentElement(this, options)
    return this.payment
  }

  /** By name (`'payment'`) or by react-stripe-js component (`PaymentElement.__elementType`). */
  getElement(type: unknown): FakePaymentElement | null {
    const name =
      typeof type === 'string'
        ? type
        : typeof type === 'function' && '__elementType' in type
          ? type.__elementType
          : null
    return name === 'payment' ? this.payment : null
  }

  release(element: FakePaymentElement): void {
    if (this.payment === element) this.payment = null
  }

  async update(options: FakeElementsOptions): Promise<void> {
    const before = { locale: this.locale(), methods: this.methods().join() }
    this.options = { ...this.options, ...options }
    if (before.locale !== this.locale() || before.methods !== this.methods().join())
      this.payment?.render()
  }

  async fetchUpdates(): Promise<Record<string, never>> {
    return {}
  }

  on(): this {
    return this
  }

  off(): this {
    return this
  }

  async submit(): Promise<
    { error: FakeStripeError } | { error?: undefined; selectedPaymentMethod: FakeMethod }
  > {
    this.submitted = false
    await Promise.resolve()
    const payment = this.payment
    if (!payment?.isMounted)
      throw new IntegrationError('elements.submit() needs a mounted Payment Element.')
    const error = payment.validate()
    if (error) return { error }
    this.submitted = true
    return { selectedPaymentMethod: payment.selectedMethod }
  }

  /** One successful `submit()` per confirmation in deferred-intent mode (`mode` set). */
  takeSubmit(): boolean {
    const ok = this.submitted || !this.options.mode
    this.submitted = false
    return ok
  }
}

function publicIntent(intent: FakeIntent): FakePaymentIntent {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    description: intent.description,
    payment_method_types: [...METHODS],
    last_payment_error: intent.last_payment_error,
  }
}

/** The intent whose client secret this is (the id alone is not enough, as with Stripe). */
function findBySecret(secret: string): FakeIntent | undefined {
  const intent = stripeServer.find(secret)
  return intent?.client_secret === secret ? intent : undefined
}

function missing(secret: string): { error: FakeStripeError } {
  const id = /^(pi_[A-Za-z0-9_]+?)_secret_/.exec(secret)?.[1] ?? secret
  return {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    },
  }
}

function unexpectedState(intent: FakeIntent, message: string): { error: FakeStripeError } {
  return {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message,
      payment_intent: publicIntent(intent),
    },
  }
}

function failWith(intent: FakeIntent, error: FakeStripeError): { error: FakeStripeError } {
  const updated = stripeServer.update(intent.id, {
    status: 'requires_payment_method',
    payment_method_type: 'card',
    last_payment_error: {
      type: error.type,
      code: error.code ?? '',
      ...(error.decline_code ? { decline_code: error.decline_code } : {}),
      message: error.message,
    },
  })
  return { error: { ...error, payment_intent: publicIntent(updated) } }
}

const declined = (intent: FakeIntent, decline_code: string, message: string) =>
  failWith(intent, { type: 'card_error', code: 'card_declined', decline_code, message })

/**
 * `return_url` as Stripe sends the shopper back: its own query plus `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status`.
 */
export function returnUrlFor(
  returnUrl: string,
  intent: Pick<FakeIntent, 'id' | 'client_secret'>,
  status: 'succeeded' | 'failed',
  base: string = window.location.href,
): string {
  const url = new URL(returnUrl, base)
  url.searchParams.set('payment_intent', intent.id)
  url.searchParams.set('payment_intent_client_secret', intent.client_secret)
  url.searchParams.set('redirect_status', status)
  return url.href
}

/** The demo bank's address for this intent (`/demo/bank?payment_intent=…`). */
export function bankUrlFor(
  intent: Pick<FakeIntent, 'id' | 'client_secret'>,
  returnUrl: string,
  base: string = window.location.href,
): string {
  const url = new URL(FAKE_BANK_PATH, base)
  url.searchParams.set('payment_intent', intent.id)
  url.searchParams.set('payment_intent_client_secret', intent.client_secret)
  url.searchParams.set('return_url', new URL(returnUrl, base).href)
  return url.href
}

/**
 * The 3-D Secure challenge: a modal dialog over the page. Focus moves to its first button and
 * back to where it was when it closes; Tab stays inside; Escape fails the authentication (like
 * closing Stripe's challenge frame).
 */
function askThreeDSecure(intent: FakeIntent): Promise<'complete' | 'fail'> {
  return new Promise((resolve) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    uid += 1
    const titleId = `wine-fake-3ds-${uid}-title`
    const textId = `wine-fake-3ds-${uid}-text`
    const title = h('h2', { id: titleId }, THREE_D_SECURE.title)
    title.style.cssText = 'margin:0 0 0.75rem;font-size:1.25rem'
    const text = h(
      'p',
      { id: textId },
      `Your bank asks you to confirm the payment of ${formatEuros(intent.amount)}` +
        (intent.description ? ` for ${intent.description}.` : '.'),
    )
    const button = (label: string, primary: boolean) => {
      const b = h('button', { type: 'button' }, label)
      b.style.cssText =
        'font:inherit;padding:0.5rem 1rem;border-radius:0.375rem;cursor:pointer;' +
        (primary
          ? 'border:2px solid #1a4d2e;background:#1a4d2e;color:#fff'
          : 'border:2px solid #8a1c1c;background:#fff;color:#8a1c1c')
      return b
    }
    const complete = button(THREE_D_SECURE.complete, true)
    const fail = button(THREE_D_SECURE.fail, false)
    const actions = h('div', {}, complete, fail)
    actions.style.cssText = 'display:flex;gap:0.75rem;flex-wrap:wrap;margin-top:1rem'
    const dialog = h(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': titleId,
        'aria-describedby': textId,
        lang: 'en',
      },
      title,
      text,
      actions,
    )
    dialog.style.cssText =
      'background:#fff;color:#222;padding:1.5rem;border-radius:0.5rem;max-width:26rem;' +
      'width:calc(100% - 2rem);box-sizing:border-box;box-shadow:0 8px 32px rgb(0 0 0 / 30%);' +
      'font-family:system-ui,sans-serif;line-height:1.5'
    const backdrop = h('div', { 'data-fake-stripe': 'three-d-secure' }, dialog)
    backdrop.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;' +
      'background:rgb(0 0 0 / 55%)'
    const close = (choice: 'complete' | 'fail') => {
      backdrop.remove()
      if (opener?.isConnected) opener.focus()
      resolve(choice)
    }
    complete.addEventListener('click', () => close('complete'))
    fail.addEventListener('click', () => close('fail'))
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close('fail')
      } else if (event.key === 'Tab') {
        // Two buttons: Tab and Shift+Tab go from one to the other.
        event.preventDefault()
        ;(document.activeElement === complete ? fail : complete).focus()
      }
    })
    document.body.append(backdrop)
    complete.focus()
  })
}

/** Shows the challenge for a card intent in `requires_action`, then charges it or fails it. */
async function authenticate(intent: FakeIntent): Promise<FakeIntentResult> {
  const choice = await askThreeDSecure(intent)
  await sleep(FAKE_CONFIRM_MS)
  // The server may have moved on meanwhile (another tab, a test): trust it, not the dialog.
  const current = stripeServer.find(intent.id)
  if (!current) return missing(intent.client_secret)
  if (current.status === 'succeeded') return { paymentIntent: publicIntent(current) }
  if (current.status !== 'requires_action')
    return unexpectedState(
      current,
      `This PaymentIntent's status is ${current.status}: the authentication no longer applies.`,
    )
  if (choice === 'complete')
    return { paymentIntent: publicIntent(stripeServer.charge(current.id, 'card')) }
  return failWith(current, {
    type: 'card_error',
    code: 'payment_intent_authentication_failure',
    message: FAKE_MESSAGES.authenticationFailed,
  })
}

const never = () => new Promise<never>(() => undefined)

async function confirmPayment(
  options: ConfirmPaymentOptions,
  navigate: (url: string) => void,
): Promise<FakeIntentResult> {
  const { elements, clientSecret, confirmParams = {}, redirect = 'always' } = options
  if (!(elements instanceof FakeElements))
    throw new IntegrationError(
      'Invalid value for confirmPayment: elements should be the Elements group of the Payment Element.',
    )
  if (typeof clientSecret !== 'string' || clientSecret === '')
    throw new IntegrationError(
      'Invalid value for confirmPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.',
    )
  const payment = elements.paymentElement
  if (!payment?.isMounted)
    throw new IntegrationError('confirmPayment needs a mounted Payment Element.')
  if (!elements.takeSubmit())
    throw new IntegrationError(
      'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.',
    )
  // What the shopper entered, as it was when they pressed Pay.
  const method = payment.selectedMethod
  const digits = payment.cardDigits
  const returnUrl = confirmParams.return_url
  if ((method === 'bancontact' || redirect !== 'if_required') && !returnUrl)
    throw new IntegrationError(
      'stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: "if_required"` for a method that does not redirect.',
    )

  await sleep(FAKE_CONFIRM_MS)
  const found = findBySecret(clientSecret)
  if (!found) return missing(clientSecret)
  const intent = stripeServer.update(found.id, { confirmations: found.confirmations + 1 })
  if (intent.status === 'succeeded') return unexpectedState(intent, FAKE_MESSAGES.alreadySucceeded)
  if (intent.status === 'processing' || intent.status === 'canceled')
    return unexpectedState(
      intent,
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
    )

  if (method === 'bancontact') {
    const waiting = stripeServer.update(intent.id, {
      status: 'requires_action',
      payment_method_type: 'bancontact',
      last_payment_error: null,
    })
    navigate(bankUrlFor(waiting, returnUrl ?? ''))
    // The page is leaving for the bank: like Stripe.js, never settle.
    return never()
  }

  let result: FakeIntentResult
  switch (digits) {
    case TEST_CARDS.success:
      result = { paymentIntent: publicIntent(stripeServer.charge(intent.id, 'card')) }
      break
    case TEST_CARDS.threeDSecure:
      result = await authenticate(
        stripeServer.update(intent.id, {
          status: 'requires_action',
          payment_method_type: 'card',
          last_payment_error: null,
        }),
      )
      break
    case TEST_CARDS.insufficientFunds:
      result = declined(intent, 'insufficient_funds', FAKE_MESSAGES.insufficientFunds)
      break
    default:
      result = declined(intent, 'generic_decline', FAKE_MESSAGES.declined)
  }
  if (result.paymentIntent && redirect !== 'if_required' && returnUrl) {
    navigate(returnUrlFor(returnUrl, result.paymentIntent, 'succeeded'))
    return never()
  }
  return result
}

async function retrievePaymentIntent(clientSecret: string): Promise<FakeIntentResult> {
  if (typeof clientSecret !== 'string' || clientSecret === '')
    throw new IntegrationError(
      'Invalid value for retrievePaymentIntent: a client secret is needed.',
    )
  await sleep(FAKE_RETRIEVE_MS)
  const intent = findBySecret(clientSecret)
  return intent ? { paymentIntent: publicIntent(intent) } : missing(clientSecret)
}

async function handleNextAction(options: { clientSecret?: unknown }): Promise<FakeIntentResult> {
  const secret = options.clientSecret
  if (typeof secret !== 'string' || secret === '')
    throw new IntegrationError('Invalid value for handleNextAction: clientSecret is required.')
  await sleep(FAKE_RETRIEVE_MS)
  const intent = findBySecret(secret)
  if (!intent) return missing(secret)
  if (intent.status === 'requires_action' && intent.payment_method_type === 'card')
    return authenticate(intent)
  return unexpectedState(
    intent,
    intent.status === 'requires_action'
      ? 'This PaymentIntent waits for the shopper at their bank (Bancontact); the demo cannot resume it here.'
      : `handleNextAction: the PaymentIntent has a status of ${intent.status}, not requires_action.`,
  )
}

/** A new fake Stripe object (one per page, like `loadStripe`). */
export function createFakeStripe(options: FakeStripeOptions = {}): Stripe {
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url))
  const unsupported = async () => ({
    error: {
      type: 'invalid_request_error',
      message: 'Not supported by the demo Stripe: use the Payment Element and confirmPayment.',
    },
  })
  const fake = {
    elements: (elementsOptions?: FakeElementsOptions) => new FakeElements(elementsOptions),
    confirmPayment: (confirmOptions: ConfirmPaymentOptions) =>
      confirmPayment(confirmOptions, navigate),
    retrievePaymentIntent,
    handleNextAction,
    // react-stripe-js only accepts an object that has these (isStripe): present, unsupported.
    confirmCardPayment: unsupported,
    createToken: unsupported,
    createPaymentMethod: unsupported,
    registerAppInfo: () => undefined,
    _registerWrapper: () => undefined,
  }
  // The fake implements only the part of Stripe's (very large, overloaded) interface that
  // react-stripe-js and our payment flow call; the cast says so once, here, instead of at every use.
  return fake as unknown as Stripe
}
