import { useId } from 'react'
import { useMutation } from '@tanstack/react-query'
import { isVATValid } from '../../src/api/orders'
import { normalizeVat } from '../../src/domain/validation'
import type { VatRecord } from '../../src/domain/types'
import { useTranslation } from 'react-i18next'
import { setVat } from '../../src/store/contacts-actions'
import styles from './Checkout.module.css'
import { reportError } from '../../src/report/report'

/**
 * The optional VAT number: empty is valid; otherwise the number, stripped of dots, commas
 * and spaces, is checked by `POST /api/isVATValid` when the field is left (or on Enter). While it
 * is typed or checked the record is not valid, so the payment tab stays closed. The check is a
 * React Query mutation: an answer for a number the shopper has since changed is dropped (typing
 * resets it; a second check supersedes the first, whose own callbacks then never run).
 */
export function VatField({ vat }: { vat: VatRecord }) {
  const { t } = useTranslation('vat')
  const id = useId()
  const mutation = useMutation({
    mutationKey: ['vat-check'],
    mutationFn: (normalized: string) => isVATValid(normalized),
  })
  // A number restored valid from the saved checkout counts as checked.
  const restored = mutation.isIdle && vat.valid && normalizeVat(vat.number) !== ''

  const run = (number: string) => {
    const normalized = normalizeVat(number)
    if (normalized === '') return
    const checked = restored
      ? normalizeVat(vat.number) === normalized
      : !mutation.isIdle && !mutation.isError && mutation.variables === normalized
    if (checked) return
    mutation.mutate(normalized, {
      onSuccess: (answer) =>
        setVat({ number, valid: answer.valid, name: answer.valid ? (answer.name ?? '') : '' }),
      onError: (error) => {
        reportError({ widget: 'cart', area: 'checkout', message: 'The VAT check failed', error })
        setVat({ number, valid: false, name: '' })
      },
    })
  }

  const check = restored
    ? 'valid'
    : mutation.isPending
      ? 'checking'
      : mutation.isError
        ? 'failed'
        : mutation.data
          ? mutation.data.valid
            ? 'valid'
            : 'notFound'
          : 'idle'

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
          mutation.reset()
          setVat({ number: e.target.value, valid: false, name: '' })
        }}
        onBlur={(e) => run(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            run(e.currentTarget.value)
          }
        }}
      />
      <p id={`${id}-vat-status`} role="status" className={failing ? styles.error : styles.hint}>
        {message}
      </p>
    </div>
  )
}
