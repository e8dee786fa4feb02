import { useId, type KeyboardEvent } from 'react'
import { MAX_QUANTITY_LENGTH } from '../../domain/quantity'
import styles from './QuantityInput.module.css'

export interface QuantityInputProps {
  /** The text in the field (the caller clamps it on blur with the rules of src/domain/quantity). */
  value: string
  onChange: (text: string) => void
  onBlur: () => void
  onMinus: () => void
  onPlus: () => void
  /** Accessible name of the field, e.g. "Quantity". */
  label: string
  minusLabel: string
  plusLabel: string
  minusDisabled?: boolean
  plusDisabled?: boolean
  disabled?: boolean
  /** Shown under the field and tied to it (e.g. "12 available"). */
  hint?: string
  /** Show the label visibly (else it is only for assistive technology). @default false */
  showLabel?: boolean
}

interface StepButtonProps {
  symbol: string
  label: string
  onClick: () => void
  disabled: boolean
  /** The field's id. */
  controls: string
}

/** The minus or plus button: its symbol is hidden, its label names it. */
function StepButton({ symbol, label, onClick, disabled, controls }: StepButtonProps) {
  return (
    <button
      type="button"
      className={styles.step}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-controls={controls}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  )
}

/**
 * Minus button, quantity field and plus button. The field takes digits only, at most 3 of them
 *; it is a text field with a numeric keyboard because `maxLength` does not apply to
 * `type="number"`.
 */
export function QuantityInput({
  value,
  onChange,
  onBlur,
  onMinus,
  onPlus,
  label,
  minusLabel,
  plusLabel,
  minusDisabled = false,
  plusDisabled = false,
  disabled = false,
  hint,
  showLabel = false,
}: QuantityInputProps) {
  const id = useId()
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The arrows step like the buttons, as a spin button would.
    if (event.key === 'ArrowUp' && !plusDisabled) {
      event.preventDefault()
      onPlus()
    } else if (event.key === 'ArrowDown' && !minusDisabled) {
      event.preventDefault()
      onMinus()
    }
  }
  /** The minus or the plus button: off when it is, or when the whole field is. */
  const stepButton = (symbol: string, label: string, onClick: () => void, off: boolean) => (
    <StepButton
      symbol={symbol}
      label={label}
      onClick={onClick}
      disabled={disabled || off}
      controls={`${id}-input`}
    />
  )
  return (
    <div className={styles.quantity}>
      <label htmlFor={`${id}-input`} className={showLabel ? styles.label : styles.visuallyHidden}>
        {label}
      </label>
      <div className={styles.controls}>
        {stepButton('−', minusLabel, onMinus, minusDisabled)}
        <input
          id={`${id}-input`}
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={MAX_QUANTITY_LENGTH}
          value={value}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) =>
            onChange(event.target.value.replace(/\D/g, '').slice(0, MAX_QUANTITY_LENGTH))
          }
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        {stepButton('+', plusLabel, onPlus, plusDisabled)}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  )
}
