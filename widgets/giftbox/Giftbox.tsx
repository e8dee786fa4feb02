import { useId, useState, type ChangeEvent } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import {
  BOTTLE_OPTIONS,
  COLOUR_OPTIONS,
  type BottlesPerGift,
  type BoxType,
  type GiftboxEstimate,
  type LogoColours,
  estimateGiftbox,
  giftCountFromInput,
  isBottlesPerGift,
  isLogoColours,
  normalizeGiftCount,
} from '../../src/domain/giftbox'
import { formatMoney } from '../../src/domain/money'
import { useTranslation } from 'react-i18next'
import styles from './Giftbox.module.css'

/** Shown for every figure while there is no number of gifts (spec section 2). */
const DASH = '–'
const INITIAL_GIFTS = '10'

type Line = keyof Omit<GiftboxEstimate, 'total' | 'perGift'>
const LINES: readonly Line[] = ['boxes', 'filmAndSetup', 'printing', 'letters']

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
  const onColours = (event: ChangeEvent<HTMLInputElement>) => {
    const value = Number(event.target.value)
    if (isLogoColours(value)) setColours(value)
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

          <fieldset className={styles.group}>
            <legend>{t('giftbox.box')}</legend>
            {(['thick', 'thin'] as const).map((type) => (
              <label key={type} className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-box`}
                  value={type}
                  checked={box === type}
                  onChange={() => setBox(type)}
                />
                {type === 'thick' ? t('giftbox.boxThick') : t('giftbox.boxThin')}
              </label>
            ))}
          </fieldset>

          <fieldset className={styles.group}>
            <legend>{t('giftbox.colours')}</legend>
            <div className={styles.inline}>
              {COLOUR_OPTIONS.map((n) => (
                <label key={n} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-colours`}
                    value={n}
                    checked={colours === n}
                    onChange={onColours}
                  />
                  {n}
                </label>
              ))}
            </div>
          </fieldset>

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
