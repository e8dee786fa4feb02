import { useId, useState } from 'react'
import { useInvoices } from '../../api/account'
import { formatDate, stripInvoicePrefix } from '../../domain/dates'
import { INVOICE_HISTORY_START, productDetail, type Invoice } from '../../domain/invoices'
import { formatDash } from '../../domain/money'
import type { Locale, User } from '../../domain/types'
import { useLocale, useT } from '../../i18n/locale-context'
import styles from './InvoiceList.module.css'

export interface InvoiceListProps {
  /** The logged-in user whose invoices are listed (by `odooID`). */
  user: User
  /** Level of each invoice's accordion heading. @default 3 */
  headingLevel?: 2 | 3 | 4
}

/**
 * The invoice history (spec 2): loaded with the user's odooID and the root's locale, newest
 * first; each invoice an accordion (a heading holding a button, and a region). Loading, a failed
 * load with a retry button, and the empty history ("No orders since 01/01/2024") each have their
 * own state. Shared by the `account` and `invoices` widgets.
 */
export function InvoiceList({ user, headingLevel = 3 }: InvoiceListProps) {
  const t = useT('invoices')
  const locale = useLocale()
  const query = useInvoices({ odooID: user.odooID, locale })

  if (query.isPending) {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.skeleton} aria-hidden="true" />
        <span className={styles.skeleton} aria-hidden="true" />
        <span>{t('invoices.loading')}</span>
      </div>
    )
  }
  if (query.isError) {
    const retrying = query.isFetching
    return (
      <div className={styles.error} role="alert">
        <p>{t('invoices.loadError')}</p>
        <button
          type="button"
          className={styles.retry}
          disabled={retrying}
          onClick={() => void query.refetch()}
        >
          {retrying ? t('invoices.retrying') : t('invoices.retry')}
        </button>
      </div>
    )
  }
  if (query.data.length === 0) {
    return (
      <p className={styles.empty}>
        {t('invoices.empty', { date: formatDate(INVOICE_HISTORY_START, locale) })}
      </p>
    )
  }
  return (
    <ul className={styles.list}>
      {query.data.map((invoice, index) => (
        // Invoice numbers are unique in Odoo; the index only guards against a server duplicate.
        <li key={`${invoice.name}-${index}`} className={styles.item}>
          <InvoiceItem invoice={invoice} locale={locale} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}

interface InvoiceItemProps {
  invoice: Invoice
  locale: Locale
  headingLevel: 2 | 3 | 4
}

function InvoiceItem({ invoice, locale, headingLevel }: InvoiceItemProps) {
  const t = useT('invoices')
  const id = useId()
  const [open, setOpen] = useState(false)
  const Heading = `h${headingLevel}` as const
  const buttonId = `${id}-button`
  const regionId = `${id}-region`
  const number = stripInvoicePrefix(invoice.name)

  return (
    <>
      <Heading className={styles.heading}>
        <button
          type="button"
          id={buttonId}
          className={styles.header}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className={styles.date}>
            <span className={styles.srOnly}>{t('invoices.date')}</span>{' '}
            {formatDate(invoice.date, locale)}
          </span>{' '}
          <span className={styles.number}>
            <span className={styles.srOnly}>{t('invoices.invoice')}</span> {number}
          </span>{' '}
          <span className={styles.total}>
            <span className={styles.srOnly}>{t('invoices.total')}</span>{' '}
            {formatDash(invoice.amount_total, locale)}
          </span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </Heading>
      <div
        role="region"
        id={regionId}
        aria-labelledby={buttonId}
        className={styles.body}
        hidden={!open}
      >
        {open && <InvoiceLines invoice={invoice} number={number} locale={locale} />}
      </div>
    </>
  )
}

interface InvoiceLinesProps {
  invoice: Invoice
  number: string
  locale: Locale
}

function InvoiceLines({ invoice, number, locale }: InvoiceLinesProps) {
  const t = useT('invoices')
  if (invoice.invoice_lines.length === 0) {
    return <p className={styles.noLines}>{t('invoices.noLines')}</p>
  }
  return (
    <table className={styles.lines}>
      <caption className={styles.srOnly}>{t('invoices.linesCaption', { number })}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.numeric}>
            {t('invoices.quantity')}
          </th>
          <th scope="col">{t('invoices.product')}</th>
          <th scope="col">{t('invoices.detail')}</th>
          <th scope="col" className={styles.numeric}>
            {t('invoices.unitPrice')}
          </th>
          <th scope="col" className={styles.numeric}>
            {t('invoices.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.invoice_lines.map((line, index) => (
          <tr key={index}>
            <td className={styles.numeric}>{line.quantity}</td>
            <td>
              {line.product.url ? (
                <a href={line.product.url}>{line.product.name}</a>
              ) : (
                line.product.name
              )}
            </td>
            <td>{productDetail(line.product)}</td>
            <td className={styles.numeric}>{formatDash(line.price_unit, locale)}</td>
            <td className={styles.numeric}>{formatDash(line.price_total, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
