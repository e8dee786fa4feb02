import { setPaymentBusy } from '../store/checkout-hold'
import { getStore } from '../store/shared-store'
import {
  createPaymentController,
  type ControllerOptions,
  type PaymentController,
  type PaymentStatus,
} from './payment-controller'
import { pageSlot } from '../page/page-context'

/** The page's controller once created; the options it is created with (tests: shorter delays). */
interface PageState {
  controller: PaymentController | null
  options: Omit<ControllerOptions, 'store'>
}
const page = pageSlot<PageState>(
  () => ({ controller: null, options: {} }),
  // A payment left running when the page closes starts no further call.
  (state) => state.controller?.stop(),
)

/** Pay pressed, a confirmation being read, or the steps after the charge running. */
const isBusy = (status: PaymentStatus) =>
  status.state === 'paying' || status.state === 'checking' || status.state === 'finishing'

/**
 * The page's one payment controller, over the page's one store. Its activity locks the checkout
 * (`checkout-hold.ts`) from the moment Pay is pressed, before any progress is saved.
 */
export function getPaymentController(): PaymentController {
  const state = page.get()
  if (!state.controller) {
    const controller = createPaymentController({ ...state.options, store: getStore() })
    controller.subscribe(() => setPaymentBusy(isBusy(controller.getStatus())))
    state.controller = controller
  }
  return state.controller
}

/** The options of the page's controller, before it is created (tests: shorter retry delays). */
export function setPaymentControllerOptions(options: Omit<ControllerOptions, 'store'>): void {
  const state = page.get()
  if (state.controller) throw new Error('[wine-widgets] The payment controller already exists.')
  state.options = options
}
