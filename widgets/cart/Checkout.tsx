import { useEffect, useRef, useState, type ReactNode } from 'react'
import {
  CHECKOUT_TABS,
  allowedTab,
  tabAvailability,
  type CheckoutTab,
} from '../../src/domain/checkout'
import { useEmitOnce } from '../../src/bus/use-bus'
import { useTranslation } from 'react-i18next'
import { usePaymentProgress } from '../../src/payment/use-payment'
import { useCheckoutLocked } from '../../src/store/cart-actions'
import { getStore } from '../../src/store/shared-store'
import { useSession } from '../../src/session/use-session'
import {
  copyDeliveryToInvoice,
  prefillInvoice,
  useContacts,
  type ContactKind,
} from '../../src/store/contacts-actions'
import { ContactForm } from './ContactForm'
import { PaymentForm } from './PaymentForm'
import { TitledSection } from './TitledSection'
import { VatField } from './VatField'
import { Tabs } from '../../src/ui/tabs/Tabs'
import styles from './Checkout.module.css'

const TAB_LABEL = {
  delivery: 'checkout.tabDelivery',
  invoice: 'checkout.tabInvoice',
  payment: 'checkout.tabPayment',
} as const

/** The contact steps: the step "continue" opens, its button and the form's legend. */
const CONTACT_STEPS = {
  delivery: { next: 'invoice', nextLabel: 'checkout.toInvoice', legend: 'checkout.deliveryLegend' },
  invoice: { next: 'payment', nextLabel: 'checkout.toPayment', legend: 'checkout.invoiceLegend' },
} as const satisfies Record<ContactKind, { next: CheckoutTab; nextLabel: string; legend: string }>

/**
 * Checkout: tabs delivery (default), invoice (open once the delivery is valid) and
 * payment (open once the whole form is valid). Choosing invoice copies the delivery into the
 * empty invoice fields; the invoice is pre-filled from the user. Contacts live in the store.
 */
export function Checkout() {
  const { t } = useTranslation('checkout')
  const session = useSession()
  const contacts = useContacts()
  const progress = usePaymentProgress()
  // A payment under way (back from the bank, a reload during 3-D Secure) opens on its tab.
  const [wanted, setWanted] = useState<CheckoutTab>(progress ? 'payment' : 'delivery')
  const [insist, setInsist] = useState<Record<CheckoutTab, boolean>>({
    delivery: false,
    invoice: false,
    payment: false,
  })
  const section = useRef<HTMLElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  // Each "continue" refused for invalid fields; the first invalid field then takes focus.
  const [refused, setRefused] = useState(0)
  const locked = useCheckoutLocked()
  // While the provider holds a confirmation the contacts are read-only: only the payment tab.
  const available = locked
    ? { delivery: false, invoice: false, payment: true }
    : tabAvailability(contacts)
  const tab = allowedTab(wanted, available)
  // A payment under way resumes a checkout begun earlier: not a new one.
  useEmitOnce('checkout:started', progress ? null : 'checkout', () => ({
    items: getStore().getState().cart.lines,
  }))

  const user = session.user
  useEffect(() => {
    if (user) prefillInvoice(user)
  }, [user])

  const select = (next: CheckoutTab, focus = false) => {
    if (!available[next]) return
    if (next === 'invoice') copyDeliveryToInvoice()
    setWanted(next)
    // The Continue buttons move focus to the step they open (arrow keys: the tabs do it).
    if (!focus) return
    const tabs = section.current?.querySelectorAll<HTMLElement>('[role="tab"]')
    tabs?.[CHECKOUT_TABS.indexOf(next)]?.focus()
  }
  const next = (from: CheckoutTab, to: CheckoutTab) => {
    if (available[to]) select(to, true)
    else {
      setInsist((s) => ({ ...s, [from]: true }))
      setRefused((n) => n + 1)
    }
  }

  // After the errors render, focus leaves the button for the first field to fix, in view.
  useEffect(() => {
    if (refused === 0) return
    const field = panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    field.focus({ preventScroll: true })
    // jsdom has no scrollIntoView; browsers do.
    // jsdom has no scrollIntoView, whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    field.scrollIntoView?.({ block: 'center' })
  }, [refused])
  return (
    <TitledSection
      ref={section}
      className={styles.checkout}
      title={t('checkout.title')}
      titleClassName={styles.title}
    >
      <Tabs
        label={t('checkout.tabs')}
        tabs={CHECKOUT_TABS.map((key) => ({
          key,
          label: t(TAB_LABEL[key]),
          disabled: !available[key],
        }))}
        selected={tab}
        onSelect={(key) => {
          const picked = CHECKOUT_TABS.find((k) => k === key)
          if (picked) select(picked)
        }}
        classNames={{ list: styles.tabs, tab: styles.tab, panel: styles.panel }}
        panelRef={panel}
        panelFocusable={false}
      >
        {tab === 'payment' ? (
          <PaymentForm />
        ) : (
          // Keyed by the step: the invoice step starts afresh, not as the delivery form changed.
          <StepForm
            key={tab}
            onNext={() => next(tab, CONTACT_STEPS[tab].next)}
            nextLabel={t(CONTACT_STEPS[tab].nextLabel)}
          >
            <ContactForm
              kind={tab}
              contact={contacts[tab]}
              legend={t(CONTACT_STEPS[tab].legend)}
              showAllProblems={insist[tab]}
              autocomplete={tab === 'delivery'}
            >
              {tab === 'invoice' && <VatField vat={contacts.vat} />}
            </ContactForm>
          </StepForm>
        )}
      </Tabs>
    </TitledSection>
  )
}

/** A step of the checkout: its fields and the button to the next step (Enter works too). */
function StepForm({
  onNext,
  nextLabel,
  children,
}: {
  onNext: () => void
  nextLabel: string
  children: ReactNode
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onNext()
      }}
    >
      {children}
      <button type="submit" className={styles.next}>
        {nextLabel}
      </button>
    </form>
  )
}
