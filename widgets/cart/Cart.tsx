import { useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { CartProps } from './index'
import { CartPage } from './CartPage'
import { Checkout } from './Checkout'
import { Redemption } from './Redemption'
import { ShippingBox } from './ShippingBox'
import { ThankYou } from './ThankYou'
import type { PaidOrder } from './pay'

/**
 * The cart widget: the cart page with the checkout plugged into its slots (shipping box, droplets
 * redemption, checkout tabs with the card payment), then the thank-you screen once paid.
 */
export default function Cart(_props: WidgetComponentProps<CartProps>) {
  const [paid, setPaid] = useState<PaidOrder | null>(null)
  if (paid) return <ThankYou order={paid} />
  return (
    <CartPage
      shippingBox={<ShippingBox />}
      redemption={<Redemption />}
      payment={<Checkout onPaid={setPaid} />}
    />
  )
}
