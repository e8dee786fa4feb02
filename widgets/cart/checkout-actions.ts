import { castDraft } from 'immer'
import { redeemPoints } from '../../src/domain/cart'
import { isCheckoutLockedNow } from '../../src/store/cart-actions'
import { getStore } from '../../src/store/shared-store'

/** The points to redeem, clamped to the balance and the subtotal. */
export function redeemDroplets(points: number, balance: number): void {
  if (isCheckoutLockedNow()) return
  getStore().update((d, newest) => {
    const before = newest.cart
    const after = redeemPoints(before, points, balance)
    if (
      after.redeemedPoints !== before.redeemedPoints ||
      after.redeemedPointsAmount !== before.redeemedPointsAmount
    )
      d.cart = castDraft(after)
  })
}
