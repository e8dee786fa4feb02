import { setPaymentBusy } from '../store/checkout-hold'
import { getStore } from '../store/shared-store'
import {
  createPaymentController,
  type ControllerOptions,
  type PaymentController,
  type PaymentStatus,
} from './payment-controller'

let shared: PaymentController | null = null
/** Tests only: options of the next controller (shorter retry delays). */
let testOptions: Omit<ControllerOptions, 'store'> = {}

/** Pay pressed, a confirmation being read, or the steps after the charge running. */
const isBusy = (status: PaymentStatus) =>
  status.state === 'paying' || status.state === 'checking' || status.state === 'finishing'

/**
 * The page's one payment controller, over the page's one store. Its activity locks the checkout
 * (`checkout-hold.ts`) from the moment Pay is pressed, before any progress is saved.
 */
export function getPaymentController(): PaymentController {
  if (!shared) {
    const controller = createPaymentController({ ...testOptions, store: getStore() })
    controller.subscribe(() => setPaymentBusy(isBusy(controller.getStatus())))
    shared = controller
  }
  return shared
}

/** Test hook: start over (after a fresh store), optionally with other retry delays. */
export function resetPaymentControllerForTests(
  options: Omit<ControllerOptions, 'store'> = {},
): void {
  // A payment a test left running starts no further call into the next test.
  shared?.stop()
  shared = null
  testOptions = options
  setPaymentBusy(false)
}
