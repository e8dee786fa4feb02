import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  CHECKOUT_TABS,
  allowedTab,
  tabAvailability,
  type CheckoutTab,
} from '../../src/domain/checkout'
import { useT } from '../../src/i18n/locale-context'
import { useSession } from '../../src/session/use-session'
import {
  copyDeliveryToInvoice,
  prefillInvoice,
  useContacts,
} from '../../src/store/contacts-actions'
import { ContactForm } from './ContactForm'
import { PaymentForm } from './PaymentForm'
import { VatField } from './VatField'
import type { PaidOrder } from './pay'
import styles from './Checkout.module.css'

const TAB_LABEL = {
  delivery: 'checkout.tabDelivery',
  invoice: 'checkout.tabInvoice',
  payment: 'checkout.tabPayment',
} as const

/**
 * Checkout (spec 2): tabs delivery (default), invoice (open once the delivery is valid) and
 * payment (open once the whole form is valid). Choosing invoice copies the delivery into the
 * empty invoice fields; the invoice is pre-filled from the user. Contacts live in the store.
 */
export function Checkout({ onPaid }: { onPaid: (order: PaidOrder) => void }) {
  const t = useT('checkout')
  const id = useId()
  const session = useSession()
  const contacts = useContacts()
  const [wanted, setWanted] = useState<CheckoutTab>('delivery')
  const [insist, setInsist] = useState<Record<CheckoutTab, boolean>>({
    delivery: false,
    invoice: false,
    payment: false,
  })
  const refs = useRef(new Map<CheckoutTab, HTMLButtonElement>())
  const available = tabAvailability(contacts)
  const tab = allowedTab(wanted, available)

  const user = session.user
  useEffect(() => {
    if (user) prefillInvoice(user)
  }, [user])

  const select = (next: CheckoutTab, focus = false) => {
    if (!available[next]) return
    if (next === 'invoice') copyDeliveryToInvoice()
    setWanted(next)
    if (focus) refs.current.get(next)?.focus()
  }
  const next = (from: CheckoutTab, to: CheckoutTab) => {
    if (available[to]) select(to, true)
    else setInsist((s) => ({ ...s, [from]: true }))
  }
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = CHECKOUT_TABS.filter((key) => available[key])
    const index = enabled.indexOf(tab)
    const target =
      event.key === 'ArrowRight'
        ? enabled[(index + 1) % enabled.length]
        : event.key === 'ArrowLeft'
          ? enabled[(index - 1 + enabled.length) % enabled.length]
          : event.key === 'Home'
            ? enabled[0]
            : event.key === 'End'
              ? enabled[enabled.length - 1]
              : undefined
    if (!target) return
    event.preventDefault()
    select(target, true)
  }

  return (
    <section className={styles.checkout} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('checkout.title')}
      </h3>
      <div role="tablist" aria-label={t('checkout.tabs')} className={styles.tabs} onKeyDown={move}>
        {CHECKOUT_TABS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              if (el) refs.current.set(key, el)
              else refs.current.delete(key)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={key === tab}
            aria-controls={key === tab ? `${id}-panel` : undefined}
            tabIndex={key === tab ? 0 : -1}
            disabled={!available[key]}
            className={styles.tab}
            onClick={() => select(key)}
          >
            {t(TAB_LABEL[key])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'delivery' && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              next('delivery', 'invoice')
            }}
          >
            <ContactForm
              kind="delivery"
              contact={contacts.delivery}
              legend={t('checkout.deliveryLegend')}
              showAllProblems={insist.delivery}
              autocomplete
            />
            <button type="submit" className={styles.next}>
              {t('checkout.toInvoice')}
            </button>
          </form>
        )}
        {tab === 'invoice' && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              next('invoice', 'payment')
            }}
          >
            <ContactForm
              kind="invoice"
              contact={contacts.invoice}
              legend={t('checkout.invoiceLegend')}
              showAllProblems={insist.invoice}
            >
              <VatField vat={contacts.vat} />
            </ContactForm>
            <button type="submit" className={styles.next}>
              {t('checkout.toPayment')}
            </button>
          </form>
        )}
        {tab === 'payment' && <PaymentForm onPaid={onPaid} />}
      </div>
    </section>
  )
}
