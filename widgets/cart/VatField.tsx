import { useId, useRef, useState } from 'react'
import { isVATValid } from '../../src/api/orders'
import { normalizeVat } from '../../src/domain/validation'
import type { VatRecord } from '../../src/domain/types'
import { useTranslation } from 'react-i18next'
import { setVat } from '../../src/store/contacts-actions'
import styles from './Checkout.module.css'
import { reportError } from '../../src/report/report'

type Check = 'idle' | 'checking' | 'valid' | 'notFound' | 'failed'

/**
 * The optional VAT number (spec 5): empty is valid; otherwise the number, stripped of dots, commas
 * and spaces, is checked by `POST /api/isVATValid` when the field is left (or on Enter). While it
 * is typed or checked the record is not valid, so the payment tab stays closed.
 */
export function VatField({ vat }: { vat: VatRecord }) {
  const { t } = useTranslation('vat')
  const id = useId()
  const [check, setCheck] = useState<Check>(() =>
    vat.valid && normalizeVat(vat.number) !== '' ? 'valid' : 'idle',
  )
  const checked = useRef<string | null>(vat.valid ? normalizeVat(vat.number) : null)
  const latest = useRef(0)

  const run = async (number: string) => {
    const normalized = normalizeVat(number)
    if (normalized === '' || checked.current === normalized) return
    const request = ++latest.current
    checked.current = normalized
    setCheck('checking')
    try {
      const answer = await isVATValid(normalized)
      if (request !== latest.current) return
      setVat({ number, valid: answer.valid, name: answer.valid ? (answer.name ?? '') : '' })
      setCheck(answer.valid ? 'valid' : 'notFound')
    } catch (error) {
      if (request !== latest.current) return
      reportError({ widget: 'cart', area: 'checkout', message: 'The VAT check failed', error })
      checked.current = null
      setVat({ number, valid: false, name: '' })
      setCheck('failed')
    }
  }

  const message =
    check === 'checking'
      ? t('vat.checking')
      : check === 'notFound'
        ? t('vat.notFound')
        : check === 'failed'
          ? t('vat.checkFailed')
          : check === 'valid'
            ? vat.name
              ? t('vat.registeredName', { name: vat.name })
              : t('vat.validNoName')
            : ''
  const failing = check === 'notFound' || check === 'failed'

  return (
    <div className={styles.wide}>
      <label htmlFor={`${id}-vat`}>{t('vat.label')}</label>
      <input
        id={`${id}-vat`}
        type="text"
        autoComplete="off"
        placeholder={t('vat.placeholder')}
        value={vat.number}
        aria-invalid={failing || undefined}
        aria-describedby={`${id}-vat-status`}
        onChange={(e) => {
          const number = e.target.value
          latest.current += 1
          checked.current = null
          setCheck('idle')
          setVat({ number, valid: false, name: '' })
        }}
        onBlur={(e) => void run(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            void run(e.currentTarget.value)
          }
        }}
      />
      <p id={`${id}-vat-status`} role="status" className={failing ? styles.error : styles.hint}>
        {message}
      </p>
    </div>
  )
}
