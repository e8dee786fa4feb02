// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * The droplets REDEEMED by an order, when an answer is lost: the back office applies the points
 * update (the balance goes down) but its answer is lost on the way. The controller retries the
 * step on its own; the retry must carry the same Idempotency-Key so the droplets are taken once.
 * (The mock's own behaviour is covered in mocks/handlers.test.ts; this drives the whole flow.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, db } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { changeCatalogue, sellsLines } from '../../mocks/catalogue'
import { provider as scriptedProvider } from '../../mocks/test-setups/payment'
import { CLAIRE_CONTACT, wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { getBus } from '../bus/bus'
import { addToCart } from '../store/cart-actions'
import { setContacts } from '../store/contacts-actions'
import { getStore } from '../store/shared-store'
import { emptyContacts } from '../store/state'
import { createPaymentController, type PaymentProvider } from './payment-controller'

const REDEEMED = 100

/** A card that goes through, charged at Stripe's servers (the points need a paid order). */
const provider = (): PaymentProvider => scriptedProvider()

const balance = () => db.users.find((u) => u.email === CLAIRE.email)!.points

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  db.sessionEmail = CLAIRE.email
  getStore().update((d) => {
    d.session = { isLoggedIn: true, user: { ...CLAIRE }, points: CLAIRE.points }
  })
  setContacts({
    ...emptyContacts(),
    delivery: CLAIRE_CONTACT,
    invoice: CLAIRE_CONTACT,
    isValidShipping: true,
    ageConfirmed: true,
  })
  addToCart(wineLine())
  // The back office sells it at the cart's price (it prices the order itself).
  changeCatalogue(sellsLines([wineLine()]))
  getStore().update((d) => {
    d.cart.shippingCost = 9.95
    d.cart.redeemedPoints = REDEEMED
    d.cart.redeemedPointsAmount = 20
  })
})

describe('a lost answer of the redeemed-droplets update', () => {
  it('is retried with the same key and redeems the droplets exactly once', async () => {
    const before = balance()
    // The first points update of the order is the redemption (redeemed before earned).
    setFault('updateuserpoints', { kind: 'lost' }, { times: 1 })
    const waits: number[] = []
    const controller = createPaymentController({
      store: getStore(),
      sleep: (ms) => {
        waits.push(ms)
        return Promise.resolve()
      },
      retryDelays: [5, 10],
    })
    const seen: string[] = []
    controller.subscribe(() => seen.push(controller.getStatus().state))
    const paid = vi.fn()
    const off = getBus().on('order:paid', paid)

    await controller.pay(provider(), 'en')
    off()

    const status = controller.getStatus()
    expect(status.state).toBe('finished')
    const orderId = db.orders[0]!.orderNumber
    const earned = status.state === 'finished' ? status.order.orderPoints : NaN
    expect(earned).toBeGreaterThan(0)

    // The redemption was sent twice (the answer of the first was lost), with one key …
    const redeemCalls = callsOf('updateuserpoints').filter(
      (c) => c.idempotencyKey?.startsWith('points-redeemed-') && c.idempotencyKey.endsWith(orderId),
    )
    expect(redeemCalls).toHaveLength(2)
    expect(redeemCalls[0]).toMatchObject({ fault: 'lost' })
    expect(redeemCalls[1]).toMatchObject({ replayed: true })
    // … after one wait of the backoff, and the shopper was told "finishing", never a failure.
    expect(waits).toEqual([5])
    expect(seen).toContain('finishing')
    expect(seen).not.toContain('idle')

    // … and had one effect: one redemption, one credit, the balance moved once each way.
    expect(db.pointUpdates.map((u) => [u.document, u.points])).toEqual([
      [orderId, -REDEEMED],
      [orderId, earned],
    ])
    expect(balance()).toBe(before - REDEEMED + earned)
    expect(paid).toHaveBeenCalledTimes(1)
    expect(callsOf('checkoutorder').filter((c) => !c.fault)).toHaveLength(1)
  })
})
