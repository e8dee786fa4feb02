import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { getPaymentController } from '../../src/payment/shared-controller'
import { usePaymentStatus } from '../../src/payment/use-payment'
import styles from './Checkout.module.css'

/**
 * After the charge: the shopper is told the truth ("payment received, we are finishing your
 * order") while the remaining steps retry on their own; never a processing error next to a Pay
 * button. When the page gives up for now, a retry button (and the next page load) goes on.
 */
export function FinishingOrder() {
  const { t } = useTranslation('payment')
  const id = useId()
  const status = usePaymentStatus()
  const stalled = status.state === 'finishing' && status.stalled
  return (
    <section className={styles.thanks} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('payment.receivedTitle')}</h2>
      <p role="status">{t('payment.finishing')}</p>
      {stalled && (
        <>
          <p>{t('payment.finishingStalled')}</p>
          <button
            type="button"
            className={styles.next}
            onClick={() => void getPaymentController().retry()}
          >
            {t('payment.retryNow')}
          </button>
        </>
      )}
    </section>
  )
}

/** Another tab paid this order: say so above the (fresh) cart. */
export function AlreadyPaidNotice() {
  const { t } = useTranslation('payment')
  return (
    <p role="status" className={styles.notice}>
      {t('payment.alreadyPaid')}
    </p>
  )
}
