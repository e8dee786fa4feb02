import type { ReactNode } from 'react'
import { formatMoney } from '../../src/domain/money'
import { FREE_DELIVERY_BELGIUM_FROM } from '../../src/domain/cart-page'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import styles from './CommercialStrip.module.css'
import { TitledSection } from './TitledSection'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'

/** A line icon in the widgets' style (24 × 24, stroked in the text colour); decorative. */
function ClaimIcon({ children }: { children: ReactNode }) {
  return (
    <DecorativeSvg className={styles.claimIcon} viewBox="0 0 24 24" data-claim-icon="">
      {children}
    </DecorativeSvg>
  )
}

/** A delivery van. */
const Truck = () => (
  <ClaimIcon>
    <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3.2v2.8h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </ClaimIcon>
)

/** An arrow going back round: money back. */
const MoneyBack = () => (
  <ClaimIcon>
    <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
    <path d="M4 3.5v4h4" />
    <path d="M14 9.3a2.6 2.6 0 1 0 0 5.4M9.5 11.2h4M9.5 12.9h4" />
  </ClaimIcon>
)

/** A droplet: the shop's loyalty points. */
const Droplet = () => (
  <ClaimIcon>
    <path d="M12 3.2c3.3 4.2 5.6 7.3 5.6 10.2a5.6 5.6 0 0 1-11.2 0c0-2.9 2.3-6 5.6-10.2Z" />
    <path d="M9.3 14.2a2.8 2.8 0 0 0 2.6 2.6" />
  </ClaimIcon>
)

/** Three shop claims under the cart: free delivery from 150 EUR, money back, droplets. */
export function CommercialStrip() {
  const { t } = useTranslation('cart')
  const locale = useLocale()
  return (
    <TitledSection
      className={styles.strip}
      title={t('cart.claims')}
      titleClassName={styles.visuallyHidden}
    >
      <ul>
        <li>
          <Truck />
          {t('cart.claimDelivery', { amount: formatMoney(FREE_DELIVERY_BELGIUM_FROM, locale) })}
        </li>
        <li>
          <MoneyBack />
          {t('cart.claimMoneyBack')}
        </li>
        <li>
          <Droplet />
          {t('cart.claimDroplets')}
        </li>
      </ul>
    </TitledSection>
  )
}
