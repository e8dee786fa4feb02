import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { CONTACT_FIELDS, contactProblems, type ContactField } from '../../src/domain/checkout'
import { intlLocale } from '../../src/domain/money'
import type { Contact } from '../../src/domain/types'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { updateContact, type ContactKind } from '../../src/store/contacts-actions'
import { useAddressAutocomplete } from './use-address-autocomplete'
import styles from './Checkout.module.css'

/** Countries offered in the country list; the autocomplete may add the chosen place's one. */
export const COUNTRY_CODES = ['BE', 'NL', 'LU', 'FR', 'DE'] as const

const INPUT: Record<Exclude<ContactField, 'country'>, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  street: { type: 'text', autoComplete: 'street-address' },
  zip: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
}

function useCountryName() {
  const locale = useLocale()
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null
    try {
      names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' })
    } catch {
      names = null
    }
    return (code: string) => names?.of(code) ?? code
  }, [locale])
}

export interface ContactFormProps {
  kind: ContactKind
  contact: Contact
  legend: string
  /** Show every failing rule (after a "continue" attempt), not only those of left fields. */
  showAllProblems: boolean
  /** Address autocomplete on the street field (delivery). */
  autocomplete?: boolean
  children?: ReactNode
}

/** A delivery or invoice contact with the contact rules shown next to failing fields. */
export function ContactForm({
  kind,
  contact,
  legend,
  showAllProblems,
  autocomplete = false,
  children,
}: ContactFormProps) {
  const { t } = useTranslation(['checkout', 'address'])
  const id = useId()
  const countryName = useCountryName()
  const [left, setLeft] = useState<ReadonlySet<ContactField>>(new Set())
  const street = useRef<HTMLInputElement>(null)
  const places = useAddressAutocomplete(autocomplete ? street : null, (address) => {
    updateContact(kind, address)
    setLeft((s) => new Set([...s, 'street', 'zip', 'city', 'country']))
  })
  const problems = new Set(contactProblems(contact))
  const shows = (field: ContactField) => problems.has(field) && (showAllProblems || left.has(field))
  const leave = (field: ContactField) => setLeft((s) => (s.has(field) ? s : new Set([...s, field])))
  const codes: string[] = [...COUNTRY_CODES]
  if (contact.country_code && !codes.includes(contact.country_code))
    codes.push(contact.country_code)

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {autocomplete && (
        <p id={`${id}-places`} className={places === 'failed' ? styles.warning : styles.hint}>
          {places === 'failed' ? t('address.loadFailed') : t('address.hint')}
        </p>
      )}
      <div className={styles.grid}>
        {CONTACT_FIELDS.map((field) => {
          const fieldId = `${id}-${field}`
          const errorId = `${fieldId}-error`
          const invalid = shows(field)
          const message = invalid ? (
            <p id={errorId} className={styles.error}>
              {field === 'country' ? t('checkout.countryRequired') : t('checkout.required')}
            </p>
          ) : null
          if (field === 'country') {
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={fieldId}>{t('checkout.country')}</label>
                <select
                  id={fieldId}
                  value={contact.country_code}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? errorId : undefined}
                  onChange={(e) => {
                    const code = e.target.value
                    updateContact(kind, {
                      country_code: code,
                      country: code ? countryName(code) : '',
                    })
                  }}
                  onBlur={() => leave('country')}
                >
                  <option value="">{t('checkout.chooseCountry')}</option>
                  {codes.map((code) => (
                    <option key={code} value={code}>
                      {code === contact.country_code && contact.country
                        ? contact.country
                        : countryName(code)}
                    </option>
                  ))}
                </select>
                {message}
              </div>
            )
          }
          const describedBy = [
            invalid ? errorId : null,
            field === 'street' && autocomplete ? `${id}-places` : null,
          ]
            .filter(Boolean)
            .join(' ')
          return (
            <div
              key={field}
              className={field === 'street' || field === 'name' ? styles.wide : styles.field}
            >
              <label htmlFor={fieldId}>{t(`checkout.${field}`)}</label>
              <input
                ref={field === 'street' ? street : undefined}
                id={fieldId}
                type={INPUT[field].type}
                autoComplete={INPUT[field].autoComplete}
                value={contact[field]}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy || undefined}
                onChange={(e) => updateContact(kind, { [field]: e.target.value })}
                onBlur={() => leave(field)}
              />
              {message}
            </div>
          )
        })}
      </div>
      {children}
    </fieldset>
  )
}
