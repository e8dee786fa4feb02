/**
 * The demo's stand-in for Stripe's servers: the payment intents the mock back office creates
 * (`POST /api/createpaymentintent`) and the charges the fake Stripe.js (`mocks/fake-stripe.ts`)
 * makes against them. Like Stripe's own state it is shared by every tab and survives reloads and
 * bank redirects: in the browser it lives in localStorage (`wine-mocks:stripe`); in node it lives
 * in memory. Tests and the e2e suite read it (`window.__wineMocks.stripe.state()`) to prove that
 * one order was charged once, for its total.
 */
export type FakeIntentStatus =
  'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'

export type FakeMethod = 'card' | 'bancontact'

export interface FakePaymentError {
  type: string
  code: string
  decline_code?: string
  message: string
}

export interface FakeIntent {
  /** `pi_mock_0001` */
  id: string
  /** `pi_mock_0001_secret_demo` */
  client_secret: string
  /** Cents. */
  amount: number
  currency: 'eur'
  status: FakeIntentStatus
  /** What the payment is for: the order number. */
  description: string
  customer_email: string
  payment_method_type: FakeMethod | null
  last_payment_error: FakePaymentError | null
  /** Confirmation attempts, successful or not. */
  confirmations: number
}

export interface FakeCharge {
  intent: string
  /** Cents. */
  amount: number
  method: FakeMethod
  description: string
}

export interface StripeState {
  intents: FakeIntent[]
  charges: FakeCharge[]
}

export const STRIPE_STORAGE_KEY = 'wine-mocks:stripe'

let memory: StripeState = { intents: [], charges: [] }

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function read(): StripeState {
  const store = storage()
  if (!store) return memory
  try {
    const parsed = JSON.parse(store.getItem(STRIPE_STORAGE_KEY) ?? 'null') as StripeState | null
    if (parsed && Array.isArray(parsed.intents) && Array.isArray(parsed.charges)) return parsed
  } catch {
    // Unreadable: start over, as a fresh Stripe account would.
  }
  return { intents: [], charges: [] }
}

function write(state: StripeState): void {
  memory = state
  try {
    storage()?.setItem(STRIPE_STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Storage full or disabled: the state lasts as long as the page.
  }
}

function mutate<T>(change: (state: StripeState) => T): T {
  const state = read()
  const result = change(state)
  write(state)
  return result
}

function mustFind(state: StripeState, id: string): FakeIntent {
  const intent = state.intents.find((i) => i.id === id || i.client_secret === id)
  if (!intent) throw new Error(`No such payment intent: ${id}`)
  return intent
}

export const stripeServer = {
  createIntent(input: { amount: number; description: string; customer_email: string }) {
    return mutate((state) => {
      const id = `pi_mock_${String(state.intents.length + 1).padStart(4, '0')}`
      const intent: FakeIntent = {
        id,
        client_secret: `${id}_secret_demo`,
        amount: input.amount,
        currency: 'eur',
        status: 'requires_payment_method',
        description: input.description,
        customer_email: input.customer_email,
        payment_method_type: null,
        last_payment_error: null,
        confirmations: 0,
      }
      state.intents.push(intent)
      return { ...intent }
    })
  },

  /** The intent with this id or client secret. */
  find(idOrSecret: string): FakeIntent | undefined {
    const intent = read().intents.find((i) => i.id === idOrSecret || i.client_secret === idOrSecret)
    return intent ? { ...intent } : undefined
  },

  update(
    id: string,
    patch: Partial<
      Pick<FakeIntent, 'status' | 'payment_method_type' | 'last_payment_error' | 'confirmations'>
    >,
  ): FakeIntent {
    return mutate((state) => {
      const intent = mustFind(state, id)
      Object.assign(intent, patch)
      return { ...intent }
    })
  },

  /** Takes the money: the intent succeeds and a charge is recorded. Never twice. */
  charge(id: string, method: FakeMethod): FakeIntent {
    return mutate((state) => {
      const intent = mustFind(state, id)
      if (intent.status === 'succeeded') throw new Error(`${intent.id} has already succeeded`)
      intent.status = 'succeeded'
      intent.payment_method_type = method
      intent.last_payment_error = null
      state.charges.push({
        intent: intent.id,
        amount: intent.amount,
        method,
        description: intent.description,
      })
      return { ...intent }
    })
  },

  state(): StripeState {
    return structuredClone(read())
  },

  reset(): void {
    write({ intents: [], charges: [] })
  },
}

export type StripeServer = typeof stripeServer
