import { useId, useState, type ChangeEvent } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import {
  BOTTLE_OPTIONS,
  BOX_TYPES,
  COLOUR_OPTIONS,
  type BottlesPerGift,
  type BoxType,
  type GiftboxEstimate,
  type LogoColours,
  estimateGiftbox,
  giftCountFromInput,
  isBottlesPerGift,
  normalizeGiftCount,
} from '../../src/domain/giftbox'
import { formatMoney } from '../../src/domain/money'
import { useTranslation } from 'react-i18next'
import styles from './Giftbox.module.css'

/** Shown for every figure while there is no number of gifts. */
const DASH = '–'
const INITIAL_GIFTS = '10'

type Line = keyof Omit<GiftboxEstimate, 'total' | 'perGift'>
const LINES: readonly Line[] = ['boxes', 'filmAndSetup', 'printing', 'letters']

interface RadioGroupProps<T extends string | number> {
  legend: string
  name: string
  options: readonly T[]
  label: (option: T) => string
  value: T
  onChange: (option: T) => void
  /** The choices side by side (short ones: numbers). */
  inline?: boolean
}

/** A fieldset of radio buttons, one per option, each inside its label. */
function RadioGroup<T extends string | number>({
  legend,
  name,
  options,
  label,
  value,
  onChange,
  inline = false,
}: RadioGroupProps<T>) {
  const choices = options.map((option) => (
    <label key={option} className={styles.choice}>
      <input
        type="radio"
        name={name}
        value={option}
        checked={value === option}
        onChange={() => onChange(option)}
      />
      {label(option)}
    </label>
  ))
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {inline ? <div className={styles.inline}>{choices}</div> : choices}
    </fieldset>
  )
}

/** Business-gift budget calculator: the inputs on the left, the estimate beside them. */
export default function Giftbox({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('giftbox')
  const id = useId()
  const [giftsText, setGiftsText] = useState(INITIAL_GIFTS)
  const [bottles, setBottles] = useState<BottlesPerGift>(1)
  const [box, setBox] = useState<BoxType>('thin')
  const [colours, setColours] = useState<LogoColours>(1)
  const [letter, setLetter] = useState(false)

  const estimate = estimateGiftbox({
    gifts: giftCountFromInput(giftsText),
    bottles,
    box,
    colours,
    letter,
  })
  const money = (value: number | undefined) =>
    estimate && value !== undefined ? formatMoney(value, locale) : DASH

  const onBottles = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = Number(event.target.value)
    if (isBottlesPerGift(value)) setBottles(value)
  }

  return (
    <section className={styles.giftbox} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('giftbox.title')}
      </h2>
      <p className={styles.intro}>{t('giftbox.intro')}</p>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={(event) => event.preventDefault()} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-gifts`}>{t('giftbox.gifts')}</label>
            <input
              id={`${id}-gifts`}
              className={styles.number}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={giftsText}
              onChange={(event) => setGiftsText(event.target.value)}
              onBlur={() => setGiftsText(String(normalizeGiftCount(giftsText)))}
            />
          </div>

          <div className={styles.field}>
            <label htmlFor={`${id}-bottles`}>{t('giftbox.bottles')}</label>
            <select
              id={`${id}-bottles`}
              className={styles.select}
              value={bottles}
              onChange={onBottles}
            >
              {BOTTLE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>

          <RadioGroup
            legend={t('giftbox.box')}
            name={`${id}-box`}
            options={BOX_TYPES}
            label={(type) => (type === 'thick' ? t('giftbox.boxThick') : t('giftbox.boxThin'))}
            value={box}
            onChange={setBox}
          />

          <RadioGroup
            legend={t('giftbox.colours')}
            name={`${id}-colours`}
            options={COLOUR_OPTIONS}
            label={String}
            value={colours}
            onChange={setColours}
            inline
          />

          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={letter}
              onChange={(event) => setLetter(event.target.checked)}
            />
            {t('giftbox.letter')}
          </label>
        </form>

        <div
          className={styles.result}
          aria-live="polite"
          aria-labelledby={`${id}-result`}
          role="region"
        >
          <h3 id={`${id}-result`} className={styles.resultTitle}>
            {t('giftbox.result')}
          </h3>
          {!estimate && <p className={styles.hint}>{t('giftbox.noGifts')}</p>}
          <dl className={styles.figures}>
            {LINES.map((line) => (
              <div key={line} className={styles.row}>
                <dt>{t(`giftbox.${line}`)}</dt>
                <dd>{money(estimate?.[line])}</dd>
              </div>
            ))}
            <div className={`${styles.row} ${styles.total}`}>
              <dt>{t('giftbox.total')}</dt>
              <dd>{money(estimate?.total)}</dd>
            </div>
            <div className={`${styles.row} ${styles.perGift}`}>
              <dt>{t('giftbox.perGift')}</dt>
              <dd>{money(estimate?.perGift)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  )
}
