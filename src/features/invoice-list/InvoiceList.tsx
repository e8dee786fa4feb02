import { useInvoices } from '../../api/account'
import { formatDate, stripInvoicePrefix } from '../../domain/dates'
import { INVOICE_HISTORY_START, productDetail, type Invoice } from '../../domain/invoices'
import { formatDash } from '../../domain/money'
import type { Locale, User } from '../../domain/types'
import { useLocale } from '../../i18n/locale-context'
import { useTranslation } from 'react-i18next'
import {
  AccordionSection,
  useAccordion,
  type AccordionSectionState,
} from '../../ui/accordion/Accordion'
import styles from './InvoiceList.module.css'

export interface InvoiceListProps {
  /** The logged-in user whose invoices are listed (by `odooID`). */
  user: User
  /** Level of each invoice's accordion heading. @default 3 */
  headingLevel?: 2 | 3 | 4
}

/**
 * The invoice history: loaded with the user's odooID and the root's locale, newest
 * first; each invoice an accordion (a heading holding a button, and a region). Loading, a failed
 * load with a retry button, and the empty history ("No orders since 01/01/2024") each have their
 * own state. Shared by the `account` and `invoices` widgets.
 */
export function InvoiceList({ user, headingLevel = 3 }: InvoiceListProps) {
  const { t } = useTranslation('invoices')
  const locale = useLocale()
  const query = useInvoices({ odooID: user.odooID, locale })
  const { section } = useAccordion(query.data?.length ?? 0)

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
          <InvoiceItem
            {...section(index)}
            invoice={invoice}
            locale={locale}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  )
}

interface InvoiceItemProps extends AccordionSectionState {
  invoice: Invoice
  locale: Locale
  headingLevel: 2 | 3 | 4
}

function InvoiceItem({ invoice, locale, headingLevel, ...state }: InvoiceItemProps) {
  const { t } = useTranslation('invoices')
  const number = stripInvoicePrefix(invoice.name)
  return (
    <AccordionSection
      {...state}
      level={headingLevel}
      lazy
      classNames={{ heading: styles.heading, button: styles.header, panel: styles.body }}
      header={
        <>
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
        </>
      }
    >
      <InvoiceLines invoice={invoice} number={number} locale={locale} />
    </AccordionSection>
  )
}

interface InvoiceLinesProps {
  invoice: Invoice
  number: string
  locale: Locale
}

function InvoiceLines({ invoice, number, locale }: InvoiceLinesProps) {
  const { t } = useTranslation('invoices')
  if (invoice.invoice_lines.length === 0) {
    return <p className={styles.noLines}>{t('invoices.noLines')}</p>
  }
  /* eslint-disable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role --
     Explicit roles: on phones CSS stacks the rows, and some browsers drop a table's semantics
     once its display changes. */
  return (
    <table role="table" className={styles.lines}>
      <caption className={styles.srOnly}>{t('invoices.linesCaption', { number })}</caption>
      <thead role="rowgroup" className={styles.head}>
        <tr role="row">
          <th role="columnheader" scope="col" className={styles.numeric}>
            {t('invoices.quantity')}
          </th>
          <th role="columnheader" scope="col">
            {t('invoices.product')}
          </th>
          <th role="columnheader" scope="col">
            {t('invoices.detail')}
          </th>
          <th role="columnheader" scope="col" className={styles.numeric}>
            {t('invoices.unitPrice')}
          </th>
          <th role="columnheader" scope="col" className={styles.numeric}>
            {t('invoices.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {invoice.invoice_lines.map((line, index) => (
          // data-label: the column's name, shown beside the value when a phone stacks the row.
          <tr key={index} role="row">
            <td role="cell" className={styles.quantity} data-label={t('invoices.quantity')}>
              {line.quantity}
            </td>
            <td role="cell" className={styles.product}>
              {line.product.url ? (
                <a href={line.product.url}>{line.product.name}</a>
              ) : (
                line.product.name
              )}
            </td>
            <td role="cell" className={styles.detail}>
              {productDetail(line.product)}
            </td>
            <td role="cell" className={styles.unitPrice} data-label={t('invoices.unitPrice')}>
              {formatDash(line.price_unit, locale)}
            </td>
            <td role="cell" className={styles.lineTotal} data-label={t('invoices.lineTotal')}>
              {formatDash(line.price_total, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
  /* eslint-enable jsx-a11y-x/no-redundant-roles, jsx-a11y-x/no-interactive-element-to-noninteractive-role */
}
