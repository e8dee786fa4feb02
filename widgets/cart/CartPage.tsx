import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../src/session/use-session'
import { useCartTotals } from '../../src/store/cart-actions'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import { CartLines } from './CartLines'
import { CommercialStrip } from './CommercialStrip'
import { Droplets } from './Droplets'
import { TotalBox } from './TotalBox'
import styles from './Cart.module.css'

/** The places where the checkout issue plugs its sections in. */
export interface CartPageSlots {
  /**
   * Shipping box (delivery contact, destination and cost). Shown under the lines; the total
   * box shows the shipping cost once `contacts.isValidShipping` is true.
   */
  shippingBox?: ReactNode
  /** Points redemption input and discount, inside the droplets section (logged-in users). */
  redemption?: ReactNode
  /** Payment section, shown to logged-in users instead of the login box. */
  payment?: ReactNode
  /** Above the lines: what changed in the catalogue since they were added. */
  notice?: ReactNode
  /** A visitor turns to the login box (a field or button takes the focus): the checkout may come next. */
  onLoginIntent?: () => void
}

/**
 * Cart page: empty message, or lines, totals, droplets, login or payment, claims. The
 * page's own heading (the CMS's "Cart" h1) is the visible title: the widget's "Your cart" only
 * names its section for assistive technology, so the page does not say "Cart" twice.
 */
export function CartPage({
  shippingBox,
  redemption,
  payment,
  notice,
  onLoginIntent,
}: CartPageSlots) {
  const { t } = useTranslation('cart')
  const id = useId()
  const session = useSession()
  const { cart, totals } = useCartTotals()

  return (
    <section className={styles.cart} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.visuallyHidden}>
        {t('cart.title')}
      </h2>
      {cart.lines.length === 0 ? (
        <p className={styles.empty}>{t('cart.empty')}</p>
      ) : (
        <>
          <div className={styles.layout}>
            <div className={styles.main}>
              {notice}
              <CartLines lines={cart.lines} />
              {shippingBox}
            </div>
            <aside className={styles.side}>
              <TotalBox cart={cart} totals={totals} />
              <Droplets earned={totals.orderPoints} session={session} redemption={redemption} />
            </aside>
          </div>
          {session.isLoggedIn ? (
            payment
          ) : (
            // A load hint, not an interaction: the controls inside are the form's native ones.
            // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
            <div className={styles.login} onFocus={onLoginIntent}>
              <LoginPanel
                heading={t('cart.loginHeading')}
                subheading={t('cart.loginSubheading')}
                headingLevel={3}
              />
            </div>
          )}
        </>
      )}
      <CommercialStrip />
    </section>
  )
}
