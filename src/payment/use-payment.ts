import { useSyncExternalStore } from 'react'
import type { PaymentProgress } from '../domain/payment-flow'
import type { StoreState } from '../store/state'
import { useStore } from '../store/shared-store'
import type { PaymentStatus } from './payment-controller'
import { getPaymentController } from './shared-controller'

/** What the shopper is told about the payment right now (in memory, per page). */
export function usePaymentStatus(): PaymentStatus {
  const controller = getPaymentController()
  return useSyncExternalStore(controller.subscribe, controller.getStatus, controller.getStatus)
}

const selectPayment = (state: StoreState) => state.payment

/** The saved payment progress (survives reloads and redirects). */
export function usePaymentProgress(): PaymentProgress | null {
  return useStore(selectPayment)
}
