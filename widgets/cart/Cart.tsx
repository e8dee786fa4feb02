import { Suspense, use, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { WidgetComponentProps } from '../../src/props/schema'
import { getPaymentController } from '../../src/payment/shared-controller'
import { usePaymentProgress, usePaymentStatus } from '../../src/payment/use-payment'
import { paymentsQueryOptions } from '../../src/services/payments'
import { getStore } from '../../src/store/shared-store'
import { CartPage } from './CartPage'
import { CatalogueNotice } from './CatalogueNotice'
import { useSession } from '../../src/session/use-session'
import { useCart } from '../../src/store/cart-actions'
import {
  Checkout,
  checkoutLoaded,
  loadCheckout,
  preloadCheckout,
  Redemption,
} from './checkout-code'
import { AlreadyPaidNotice, FinishingOrder } from './FinishingOrder'
import { ShippingBox } from './ShippingBox'
import { ThankYou } from './ThankYou'
import { cartReturnUrl, stripeProvider } from './stripe-provider'
import { PROVIDER_FAILED } from './payment-failure'
import { reportError } from '../../src/report/report'

/**
 * When the first render shows the checkout (a logged-in shopper with lines), that render waits
 * for its code under the widget's reserved space, so nothing pops in below the lines. Otherwise
 * the code loads when the shopper turns to the login box (its focus), so it is there when
 * the login succeeds; a login from elsewhere waits in the checkout's own `<Suspense>`.
 */
function useCheckoutCode() {
  const { isLoggedIn } = useSession()
  const hasLines = useCart().lines.length > 0
  const [neededAtFirst] = useState(() => isLoggedIn && hasLines)
  if (neededAtFirst && !checkoutLoaded()) use(loadCheckout())
}

/**
 * Resumes a payment the page found under way: a confirmation lost to a reload or a bank redirect
 * is read from the provider (never confirmed again); a charged order finishes its steps.
 */
function useResumePayment() {
  const client = useQueryClient()
  useEffect(() => {
    const controller = getPaymentController()
    const payment = getStore().getState().payment
    if (payment?.phase !== 'confirming') {
      void controller.resume()
      return
    }
    client.query(paymentsQueryOptions()).then(
      (stripe) =>
        controller.resume(
          stripeProvider(stripe, null, () => payment.method ?? '', cartReturnUrl()),
        ),
      (error: unknown) =>
        reportError({ widget: 'cart', area: 'payment', message: PROVIDER_FAILED, error }),
    )
  }, [client])
}

/**
 * The cart widget: the cart page with the checkout plugged into its slots (shipping box, droplets
 * redemption, checkout tabs with the payment), "payment received, finishing" once charged, then
 * the thank-you screen once the order is confirmed. What is added to the cart meanwhile is the
 * next cart and shows below.
 */
export default function Cart(_props: WidgetComponentProps) {
  useResumePayment()
  useCheckoutCode()
  const status = usePaymentStatus()
  const progress = usePaymentProgress()
  const page = (
    <CartPage
      onLoginIntent={preloadCheckout}
      notice={<CatalogueNotice />}
      shippingBox={<ShippingBox />}
      redemption={
        <Suspense fallback={null}>
          <Redemption />
        </Suspense>
      }
      payment={
        <Suspense fallback={null}>
          <Checkout />
        </Suspense>
      }
    />
  )
  if (status.state === 'finished') return <ThankYou order={status.order} />
  if (progress?.phase === 'charged' || status.state === 'finishing') {
    return <FinishingOrder />
  }
  if (status.state === 'idle' && status.failure?.kind === 'already-paid') {
    return (
      <>
        <AlreadyPaidNotice />
        {page}
      </>
    )
  }
  return page
}
