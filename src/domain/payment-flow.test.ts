import { describe, expect, it } from 'vitest'
import {
  cartAfterCharge,
  contentKey,
  flowId,
  idempotencyKey,
  isCheckoutLocked,
  isPaymentProgress,
  nextAction,
  pointsOf,
  stepsFor,
  takeSnapshot,
  transition,
  type PaymentEvent,
  type PaymentProgress,
} from './payment-flow'
import { cartOf, claireCheckout, wineLine } from '../../fixtures/checkout'
import type { CartLine, CartState } from './types'

const line = (id: string, quantity: number, price = 10.95): CartLine =>
  wineLine({ id, odooCode: `W${id}`, name: `Wine ${id}`, quantity, price, qty_available: 100 })
const cart = cartOf
const snap = (c: CartState = cart([line('1', 6)])) => takeSnapshot(claireCheckout(c))

const SIX = snap()
const open = transition(null, { type: 'start', snapshot: SIX, id: 'f1' })!
const ordered = transition(open, { type: 'order-created', orderId: 'S04201' })!
const withIntent = transition(ordered, {
  type: 'intent-created',
  secret: 'pi_1_secret',
  amount: SIX.amount,
})!
const confirming = transition(withIntent, { type: 'confirming', method: 'card' })!
const charged = transition(confirming, { type: 'charged' })!
const finished = ['checkout', 'confirmation', 'earned'].reduce<PaymentProgress>(
  (p, step) => transition(p, { type: 'step-done', step } as PaymentEvent)!,
  charged,
)

describe('the snapshot', () => {
  it('freezes totals in euros and the amount in rounded cents (6 × 10.95 + 9.95 = 75.65)', () => {
    expect(SIX.total).toBe(75.65)
    expect(SIX.amount).toBe(7565)
    expect(SIX.orderPoints).toBe(Math.floor((6 * 10.95 + 5) / 10))
  })
  it('is a copy: changing the cart afterwards does not change it', () => {
    const c = cart([line('1', 6)])
    const s = snap(c)
    c.lines[0]!.quantity = 42
    expect(s.lines[0]!.quantity).toBe(6)
  })
  it.each([
    ['a quantity', snap(cart([line('1', 12)]))],
    ['a price', snap(cart([line('1', 6, 11.95)]))],
    ['a line', snap(cart([line('1', 6), line('2', 1)]))],
    ['the shipping cost', snap(cart([line('1', 6)], { shippingCost: 0 }))],
    [
      'the redemption',
      snap(cart([line('1', 6)], { redeemedPoints: 100, redeemedPointsAmount: 20 })),
    ],
  ])('has another content key when %s changes', (_what, other) => {
    expect(contentKey(other)).not.toBe(contentKey(SIX))
  })
  it('sends the VAT number normalised, as the check did', () => {
    const vat = { number: 'BE 0403.170,701', valid: true, name: 'Wijnhandel De Druif BV' }
    const s = takeSnapshot(claireCheckout(cart([line('1', 6)]), vat))
    expect(s.vat).toEqual({ number: 'BE0403170701', valid: true, name: 'Wijnhandel De Druif BV' })
  })
  it('has the same content key for the same content', () => {
    expect(contentKey(snap())).toBe(contentKey(SIX))
  })
  it('lists the steps after the charge: redeemed before earned, none with zero points', () => {
    expect(stepsFor(SIX)).toEqual(['checkout', 'confirmation', 'earned'])
    const redeemed = snap(cart([line('1', 6)], { redeemedPoints: 100, redeemedPointsAmount: 20 }))
    expect(stepsFor(redeemed)).toEqual(['checkout', 'confirmation', 'redeemed', 'earned'])
    expect(stepsFor({ ...SIX, orderPoints: 0 })).toEqual(['checkout', 'confirmation'])
  })
  it.each([
    [100, 8, ['redeemed', 'earned'], [-100, 8]],
    [0, 8, ['earned'], [8]],
    [150, 0, ['redeemed'], [-150]],
    [0, 0, [], []],
    [100.7, 8.9, ['redeemed', 'earned'], [-100, 8]],
    [-5, Number.NaN, [], []],
  ])(
    'points steps for %j redeemed and %j earned: %j sending %j (redeemed first, no zeros)',
    (redeemedPoints, orderPoints, steps, points) => {
      const s = { ...SIX, redeemedPoints, orderPoints }
      const pointsSteps = stepsFor(s).filter((step) => step === 'redeemed' || step === 'earned')
      expect(pointsSteps).toEqual(steps)
      expect(pointsSteps.map((step) => pointsOf(s, step))).toEqual(points)
    },
  )
})

describe('transitions', () => {
  const TWELVE = snap(cart([line('1', 12)]))
  it.each<[string, PaymentProgress | null, PaymentEvent, Partial<PaymentProgress> | null | 'same']>(
    [
      [
        'start from nothing',
        null,
        { type: 'start', snapshot: SIX, id: 'f1' },
        { phase: 'open', orderId: null },
      ],
      [
        'start again with the same content keeps the order',
        withIntent,
        { type: 'start', snapshot: snap(), id: 'f2' },
        'same',
      ],
      [
        'start with other content makes a new flow',
        withIntent,
        { type: 'start', snapshot: TWELVE, id: 'f2' },
        { id: 'f2', orderId: null, intent: null, phase: 'open' },
      ],
      [
        'start while confirming changes nothing',
        confirming,
        { type: 'start', snapshot: TWELVE, id: 'f2' },
        'same',
      ],
      [
        'start once charged changes nothing',
        charged,
        { type: 'start', snapshot: TWELVE, id: 'f2' },
        'same',
      ],
      [
        'start after finished begins anew',
        finished,
        { type: 'start', snapshot: SIX, id: 'f3' },
        { id: 'f3', phase: 'open', orderId: null },
      ],
      ['order created', open, { type: 'order-created', orderId: 'S04201' }, { orderId: 'S04201' }],
      [
        'a second order number is ignored',
        ordered,
        { type: 'order-created', orderId: 'S04202' },
        'same',
      ],
      [
        'intent for the snapshot amount',
        ordered,
        { type: 'intent-created', secret: 's', amount: SIX.amount },
        { intent: { secret: 's', amount: SIX.amount } },
      ],
      [
        'intent for another amount is refused',
        ordered,
        { type: 'intent-created', secret: 's', amount: 1 },
        'same',
      ],
      [
        'intent before the order is refused',
        open,
        { type: 'intent-created', secret: 's', amount: SIX.amount },
        'same',
      ],
      ['confirming needs the intent', ordered, { type: 'confirming', method: 'card' }, 'same'],
      [
        'confirming',
        withIntent,
        { type: 'confirming', method: 'card' },
        { phase: 'confirming', method: 'card' },
      ],
      ['charged after confirming', confirming, { type: 'charged' }, { phase: 'charged' }],
      ['charged without confirming is refused', withIntent, { type: 'charged' }, 'same'],
      [
        'declined: back to open, the intent kept',
        confirming,
        { type: 'not-charged' },
        { phase: 'open', intent: withIntent.intent },
      ],
      ['not-charged after the charge is ignored', charged, { type: 'not-charged' }, 'same'],
      [
        'a step after the charge',
        charged,
        { type: 'step-done', step: 'checkout' },
        { done: ['checkout'], phase: 'charged' },
      ],
      [
        'a step before the charge is ignored',
        withIntent,
        { type: 'step-done', step: 'checkout' },
        'same',
      ],
      [
        'a step the order does not have is ignored',
        charged,
        { type: 'step-done', step: 'redeemed' },
        'same',
      ],
      [
        'the same step twice counts once',
        transition(charged, { type: 'step-done', step: 'checkout' }),
        { type: 'step-done', step: 'checkout' },
        'same',
      ],
      [
        'the last step finishes',
        transition(transition(charged, { type: 'step-done', step: 'checkout' }), {
          type: 'step-done',
          step: 'confirmation',
        }),
        { type: 'step-done', step: 'earned' },
        { phase: 'finished' },
      ],
      ['events without a flow do nothing', null, { type: 'charged' }, null],
    ],
  )('%s', (_name, from, event, expected) => {
    const next = transition(from, event)
    if (expected === 'same') expect(next).toBe(from)
    else if (expected === null) expect(next).toBeNull()
    else expect(next).toMatchObject(expected)
  })

  it('charges a zero-euro order without an intent', () => {
    const free = snap(
      cart([line('1', 1, 20)], { shippingCost: 0, redeemedPoints: 100, redeemedPointsAmount: 20 }),
    )
    expect(free.amount).toBe(0)
    const p = transition(transition(null, { type: 'start', snapshot: free, id: 'f' }), {
      type: 'order-created',
      orderId: 'S1',
    })
    expect(nextAction(p)).toEqual({ do: 'skip-charge' })
    expect(transition(p, { type: 'charged' })?.phase).toBe('charged')
    // A paying order cannot skip the charge.
    expect(transition(ordered, { type: 'charged' })).toBe(ordered)
  })
})

/**
 * Every phase × every event, with the outcome the rules give (written out, not computed): 'same'
 * means the very same object comes back (the event is ignored), null means still no flow,
 * 'fresh' means a new flow for the event's snapshot, otherwise the fields that change.
 */
describe('the full phase × event matrix', () => {
  const TWELVE = snap(cart([line('1', 12)]))
  const FREE = snap(
    cart([line('1', 1, 20)], { shippingCost: 0, redeemedPoints: 100, redeemedPointsAmount: 20 }),
  )
  const freeOrdered = transition(transition(null, { type: 'start', snapshot: FREE, id: 'f0' }), {
    type: 'order-created',
    orderId: 'S1',
  })!
  const oneStep = transition(charged, { type: 'step-done', step: 'checkout' })!

  const EVENTS = {
    'start, same content': { type: 'start', snapshot: snap(), id: 'f9' },
    'start, other content': { type: 'start', snapshot: TWELVE, id: 'f9' },
    'order-created': { type: 'order-created', orderId: 'S04202' },
    'intent-created, snapshot amount': {
      type: 'intent-created',
      secret: 'pi_2_secret',
      amount: SIX.amount,
    },
    'intent-created, other amount': { type: 'intent-created', secret: 'pi_3_secret', amount: 1 },
    confirming: { type: 'confirming', method: 'bancontact' },
    charged: { type: 'charged' },
    'not-charged': { type: 'not-charged' },
    'step-done checkout': { type: 'step-done', step: 'checkout' },
    'step-done confirmation': { type: 'step-done', step: 'confirmation' },
    'step-done redeemed (not in this order)': { type: 'step-done', step: 'redeemed' },
    'step-done earned': { type: 'step-done', step: 'earned' },
  } satisfies Record<string, PaymentEvent>
  type EventName = keyof typeof EVENTS
  // Object.keys types its answer as string[]; EVENTS is a literal object, so these are its names.
  const EVENT_NAMES = Object.keys(EVENTS) as EventName[]
  type Outcome = 'same' | null | 'fresh' | Partial<PaymentProgress>
  const ignoresAll = (overrides: Partial<Record<EventName, Outcome>>, rest: Outcome = 'same') =>
    // fromEntries types its keys as string; they are every name of EVENT_NAMES.
    Object.fromEntries(EVENT_NAMES.map((name) => [name, overrides[name] ?? rest])) as Record<
      EventName,
      Outcome
    >

  const STATES: [string, PaymentProgress | null, Record<EventName, Outcome>][] = [
    [
      'no flow',
      null,
      ignoresAll({ 'start, same content': 'fresh', 'start, other content': 'fresh' }, null),
    ],
    [
      'open, no order yet',
      open,
      ignoresAll({ 'start, other content': 'fresh', 'order-created': { orderId: 'S04202' } }),
    ],
    [
      'open, order created',
      ordered,
      ignoresAll({
        'start, other content': 'fresh',
        'intent-created, snapshot amount': {
          orderId: 'S04201',
          intent: { secret: 'pi_2_secret', amount: SIX.amount },
        },
      }),
    ],
    [
      'open, intent created',
      withIntent,
      ignoresAll({
        'start, other content': 'fresh',
        // Before any confirmation the intent for the same order and amount may be replaced
        // (the idempotency key makes the back office answer the same secret).
        'intent-created, snapshot amount': {
          intent: { secret: 'pi_2_secret', amount: SIX.amount },
        },
        confirming: { phase: 'confirming', method: 'bancontact' },
      }),
    ],
    [
      'confirming',
      confirming,
      ignoresAll({
        charged: { phase: 'charged' },
        'not-charged': { phase: 'open', orderId: 'S04201', intent: withIntent.intent },
      }),
    ],
    [
      'charged, no step done',
      charged,
      ignoresAll({
        'step-done checkout': { phase: 'charged', done: ['checkout'] },
        'step-done confirmation': { phase: 'charged', done: ['confirmation'] },
        'step-done earned': { phase: 'charged', done: ['earned'] },
      }),
    ],
    [
      'charged, checkout done',
      oneStep,
      ignoresAll({
        'step-done confirmation': { phase: 'charged', done: ['checkout', 'confirmation'] },
        'step-done earned': { phase: 'charged', done: ['checkout', 'earned'] },
      }),
    ],
    [
      'finished',
      finished,
      ignoresAll({ 'start, same content': 'fresh', 'start, other content': 'fresh' }),
    ],
    [
      'open, zero-euro order created',
      freeOrdered,
      ignoresAll({
        'start, same content': 'fresh',
        'start, other content': 'fresh',
        charged: { phase: 'charged', orderId: 'S1', intent: null },
      }),
    ],
  ]

  const cases = STATES.flatMap(([state, from, outcomes]) =>
    EVENT_NAMES.map((event) => [state, event, from, outcomes[event]] as const),
  )

  it('covers every phase and every event', () => {
    const phases = new Set(STATES.map(([, p]) => p?.phase ?? 'none'))
    expect([...phases].sort()).toEqual(['charged', 'confirming', 'finished', 'none', 'open'])
    expect(new Set(Object.values(EVENTS).map((e) => e.type)).size).toBe(7)
    expect(cases).toHaveLength(STATES.length * Object.keys(EVENTS).length)
  })

  it.each(cases)('%s + %s', (_state, event, from, expected) => {
    const e: PaymentEvent = EVENTS[event]
    const next = transition(from, e)
    if (expected === 'same') expect(next).toBe(from)
    else if (expected === null) expect(next).toBeNull()
    else if (expected === 'fresh') {
      if (e.type !== 'start') throw new Error('only a start makes a fresh flow')
      expect(next).toEqual({
        id: 'f9',
        key: contentKey(e.snapshot),
        snapshot: e.snapshot,
        orderId: null,
        intent: null,
        phase: 'open',
        method: null,
        done: [],
      })
    } else {
      expect(next).not.toBe(from)
      expect(next).toMatchObject(expected)
      // Whatever changes, the flow keeps its id and the snapshot it is bound to.
      expect(next?.id).toBe(from?.id)
      expect(next?.snapshot).toBe(from?.snapshot)
    }
  })

  it('never moves a charged or finished flow back to open or confirming', () => {
    for (const from of [charged, oneStep, finished])
      for (const [name, event] of Object.entries(EVENTS)) {
        if (event.type === 'start' && from === finished) continue
        expect([name, transition(from, event)?.phase]).toEqual([
          name,
          expect.stringMatching(/^(charged|finished)$/),
        ])
      }
  })
})

describe('next action', () => {
  it.each<[string, PaymentProgress | null, ReturnType<typeof nextAction>]>([
    ['nothing', null, { do: 'none' }],
    ['no order yet', open, { do: 'create-order' }],
    ['no intent yet', ordered, { do: 'create-intent' }],
    ['an intent for the amount', withIntent, { do: 'confirm' }],
    ['a confirmation the page lost (reload, redirect)', confirming, { do: 'retrieve' }],
    ['charged', charged, { do: 'step', step: 'checkout' }],
    ['finished', finished, { do: 'none' }],
  ])('%s', (_name, p, action) => {
    expect(nextAction(p)).toEqual(action)
  })
})

describe('flow ids', () => {
  it('are the same for the same cart and content (two tabs sharing a cart), and differ otherwise', () => {
    const sixIn = (id: string) => snap({ ...cart([line('1', 6)]), id })
    expect(flowId(sixIn('cart-a'))).toBe(flowId(sixIn('cart-a')))
    expect(flowId(sixIn('cart-a'))).toMatch(/^cart-a-[0-9a-z]+$/)
    // Another cart (a new purchase after a payment, another tab's own cart).
    expect(flowId(sixIn('cart-b'))).not.toBe(flowId(sixIn('cart-a')))
    // Another content of the same cart: the quantity, the shipping address, the locale.
    const twelve = snap({ ...cart([line('1', 12)]), id: 'cart-a' })
    expect(flowId(twelve)).not.toBe(flowId(sixIn('cart-a')))
    const elsewhere = { ...sixIn('cart-a'), delivery: { ...SIX.delivery, street: 'Rue Haute 1' } }
    expect(flowId(elsewhere)).not.toBe(flowId(sixIn('cart-a')))
    expect(flowId({ ...sixIn('cart-a'), locale: 'nl' })).not.toBe(flowId(sixIn('cart-a')))
  })
})

describe('idempotency keys', () => {
  it('are stable per order and step, and differ between steps and contents', () => {
    expect(idempotencyKey(open, 'create-order')).toBe('order-f1')
    expect(idempotencyKey(ordered, 'create-intent')).toBe(`intent-f1-S04201-${SIX.amount}`)
    const keys = (['checkout', 'confirmation', 'redeemed', 'earned'] as const).map((s) =>
      idempotencyKey(charged, s),
    )
    expect(keys).toEqual([
      'checkout-f1-S04201',
      'confirmation-f1-S04201',
      'points-redeemed-f1-S04201',
      'points-earned-f1-S04201',
    ])
    const other = transition(withIntent, {
      type: 'start',
      snapshot: snap(cart([line('1', 12)])),
      id: 'f2',
    })!
    expect(idempotencyKey(other, 'create-order')).not.toBe(idempotencyKey(open, 'create-order'))
  })
})

describe('the cart around the charge', () => {
  it('is locked while the provider holds a confirmation and once charged, until finished', () => {
    const phases = [null, open, withIntent, confirming, charged, finished]
    expect(phases.map((p) => isCheckoutLocked(p))).toEqual([false, false, false, true, true, false])
  })
  it('is locked in every phase while a payment is being made (Pay pressed, before confirming)', () => {
    const phases = [null, open, withIntent, confirming, charged, finished]
    expect(phases.every((p) => isCheckoutLocked(p, true))).toBe(true)
  })
  it('loses exactly what was paid; what was added meanwhile stays as the next cart', () => {
    const live = cart([line('1', 12), line('2', 1)], {
      redeemedPoints: 100,
      redeemedPointsAmount: 20,
    })
    expect(cartAfterCharge(live, SIX)).toEqual(
      cart([{ ...line('1', 6) }, line('2', 1)], { shippingCost: 0 }),
    )
    expect(cartAfterCharge(cart([line('1', 6)]), SIX).lines).toEqual([])
  })
})

describe('saved progress', () => {
  it('accepts every phase it wrote and rejects tampered shapes', () => {
    for (const p of [open, ordered, withIntent, confirming, charged, finished])
      expect(isPaymentProgress(JSON.parse(JSON.stringify(p)))).toBe(true)
    expect(isPaymentProgress(null)).toBe(false)
    expect(isPaymentProgress({ ...charged, phase: 'paid' })).toBe(false)
    expect(isPaymentProgress({ ...charged, done: ['teleport'] })).toBe(false)
    expect(isPaymentProgress({ ...charged, snapshot: { ...SIX, amount: '7565' } })).toBe(false)
    expect(isPaymentProgress({ ...charged, snapshot: { ...SIX, delivery: {} } })).toBe(false)
  })
})
