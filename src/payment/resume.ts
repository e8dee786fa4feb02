/**
 * A page load's resume of this tab's own progress. A confirmation the page lost is read from the
 * provider (never confirmed again); a progress whose order another tab paid is dropped; a
 * finished one from an earlier page is forgotten (its thank-you was shown there), and so is a
 * confirmed one whose points are left: those go on out of sight, as for any other tab.
 */
import { alreadyPaid, restoreCart } from './cart-effects'
import type { Confirmation } from './confirmation'
import { handOver, isOrderPaid, withPaymentLock } from './cross-tab'
import type { PaymentProvider } from './provider'
import { clearReturnParams } from './redirect-return'
import { failWith, type PaymentRun } from './run'
import { isConfirmed } from './status'

export interface OwnResume {
  /** Without one, a lost confirmation waits for the page that has the payment form. */
  provider: PaymentProvider | undefined
  confirmation: Confirmation
  /** The flow taken over from a bank return, if any: its cart is put back if not charged. */
  adopted: string | null
  /** This page shows the thank-you already: its progress is kept for it. */
  thanked: boolean
  /** The end of the run: a charged order finishes its steps. */
  settle(): Promise<void>
}

export async function resumeOwn(run: PaymentRun, own: OwnResume): Promise<void> {
  const { store } = run
  const p = run.progress()
  if (!p) return
  if (p.phase === 'finished') {
    if (!own.thanked) store.update((d) => void (d.payment = null))
    return
  }
  if (p.phase === 'open') {
    if (p.orderId && isOrderPaid(p.orderId)) alreadyPaid(run, p)
    return
  }
  if (p.phase === 'charged' && isConfirmed(p) && !run.background && !own.thanked) {
    handOver(p)
    store.update((d) => void (d.payment = null))
    return
  }
  if (p.phase === 'confirming') {
    const { provider } = own
    if (!provider) return
    run.tell({ type: 'read' })
    try {
      await withPaymentLock(p.id, async () => {
        const current = run.progress()
        if (current?.phase === 'confirming') await own.confirmation.settle(provider, current)
      })
    } catch (error) {
      const after = run.progress()
      if (after && after.id === own.adopted) restoreCart(store, after)
      failWith(run, error)
      return
    } finally {
      clearReturnParams()
    }
  }
  await own.settle()
}
