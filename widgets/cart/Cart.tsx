import type { WidgetComponentProps } from '../../src/props/schema'
import type { CartProps } from './index'
import { CartPage } from './CartPage'

/**
 * The cart widget. The checkout issue adds the shipping box, the points redemption and the
 * payment section through `CartPage`'s slots.
 */
export default function Cart(_props: WidgetComponentProps<CartProps>) {
  return <CartPage />
}
