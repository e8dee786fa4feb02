/**
 * Payments this tab did not start on this page: a bank redirect that comes back into a tab
 * without the progress (the banking app opened a new tab, the session was cleared), and charged
 * orders other tabs left unfinished (closed after the charge, or thanked with points still to
 * send). Both are found in the records every tab shares (`cross-tab.ts`).
 */
import { castDraft } from 'immer'
import type { PaymentProgress } from '../domain/payment-flow'
import { createStore, type Store } from '../store/store'
import { pendingRecords, recordOfReturn } from './cross-tab'
import { log } from './run'

/** The provider's return parameters (`return_url?payment_intent=…&redirect_status=…`), if any. */
export function returnParams(): { secret: string; status: string } | null {
  if (typeof window === 'undefined') return null
  const query = new URLSearchParams(window.location.search)
  const secret = query.get('payment_intent_client_secret')
  return secret ? { secret, status: query.get('redirect_status') ?? '' } : null
}

/** Handled once: a reload of the return page must not look like a second return. */
export function clearReturnParams(): void {
  if (typeof window === 'undefined' || !returnParams()) return
  const url = new URL(window.location.href)
  for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status'])
    url.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', url)
}

/**
 * A bank redirect came back into this tab without its progress: the pending record of that
 * intent becomes this tab's progress, to be read from the provider. Returns the flow's id when
 * one was taken over (its cart is put back if it was not charged).
 */
export function adoptRedirectReturn(store: Store): string | null {
  const back = returnParams()
  if (!back) return null
  const own = store.getState().payment
  if (own?.intent?.secret === back.secret) return null
  // This tab is in the middle of another payment: that one is not dropped for the return.
  if (own && own.phase !== 'open' && own.phase !== 'finished') return null
  const record = recordOfReturn(back.secret)
  if (!record) return null
  store.update((d) => void (d.payment = castDraft(record)))
  return record.id
}

/**
 * Charged orders other tabs left unfinished: each is finished in a store of its own (which
 * `finishElsewhere` runs under the order's lock). This tab's own confirmation or charge is its
 * business, but a tab sharing its cart and content (the same flow id) that charged while this
 * one stayed open is finished here.
 */
export async function finishOtherTabs(
  own: PaymentProgress | null,
  finishElsewhere: (store: Store) => Promise<void>,
): Promise<void> {
  for (const p of pendingRecords()) {
    if (p.phase !== 'charged' || (p.id === own?.id && own.phase !== 'open')) continue
    const elsewhere = createStore({ readSaved: () => null, storage: null })
    elsewhere.update((d) => void (d.payment = castDraft(p)))
    try {
      await finishElsewhere(elsewhere)
    } catch (error) {
      log(`Finishing order ${p.orderId ?? ''} from another tab failed`, error)
    }
  }
}
