import { useEffect, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useCollection } from '../../src/api/collections'
import { QUOTE_FIELDS } from '../../src/api/collection-url'
import { nextIndex } from '../../src/domain/rotation'
import { useTranslation } from 'react-i18next'
import type { QuotesProps } from './index'
import styles from './Quotes.module.css'
import { useReportError } from '../../src/report/use-report-error'

/** A quote entry as the CMS collection `quotes` serves it. */
interface QuoteEntry {
  id?: string
  quote?: unknown
  author?: unknown
}

interface Quote {
  key: string
  quote: string
  author: string
}

/** Keeps the entries that have a quote text; an entry without an author is still shown. */
function usableQuotes(entries: readonly QuoteEntry[]): Quote[] {
  return entries.flatMap((entry, i) =>
    typeof entry.quote === 'string' && entry.quote.trim() !== ''
      ? [
          {
            key: entry.id ?? String(i),
            quote: entry.quote.trim(),
            author: typeof entry.author === 'string' ? entry.author.trim() : '',
          },
        ]
      : [],
  )
}

/** One random wine quote with its author; another one every `interval` seconds, with a fade. */
export default function Quotes({ props, locale }: WidgetComponentProps<QuotesProps>) {
  const { t } = useTranslation('quotes')
  const query = useCollection<QuoteEntry>('quotes', locale, QUOTE_FIELDS)
  const list = query.data ? usableQuotes(query.data) : []
  const count = list.length
  const seconds = Math.max(5, props.interval)

  // The first quote is random too: a seed drawn once per mounted widget.
  const [seed] = useState(Math.random)
  const [index, setIndex] = useState<number | null>(null)
  const [paused, setPaused] = useState(false)
  // Only a change of quote fades: the first one is drawn at once (a fade would hold back the
  // page's largest paint).
  const [changed, setChanged] = useState(false)
  const first = count > 0 ? Math.min(count - 1, Math.floor(seed * count)) : -1
  const current = index !== null && index < count ? index : first

  useEffect(() => {
    if (count < 2 || paused) return
    const timer = setInterval(() => {
      const r = Math.random()
      setIndex((prev) => nextIndex(prev !== null && prev < count ? prev : first, count, () => r))
      setChanged(true)
    }, seconds * 1000)
    return () => clearInterval(timer)
  }, [count, first, paused, seconds])

  // Editors see load problems in the console; shoppers see nothing (spec 8: not shown).
  useReportError(query.error, {
    widget: 'quotes',
    area: 'data',
    message: 'quotes: the quotes could not be loaded',
  })

  if (query.isPending) return <div className={styles.placeholder} aria-hidden="true" />
  const quote = list[current]
  if (!quote) return null

  return (
    // The rotation pauses while the quote is pointed at (WCAG 2.2.2); nothing to activate.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <figure
      className={styles.quotes}
      aria-label={t('quotes.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {/*
       * Every quote of the locale sits in the same grid cell, so the box is as tall as the tallest
       * one from the start and a rotation never moves the page. Only the current quote is shown
       * and exposed (a real blockquote and figcaption); the others are invisible, hidden from
       * assistive technology and only hold their place.
       */}
      <div className={styles.stack}>
        {/* A new key restarts the fade-in animation for each quote. */}
        <div
          key={`shown:${quote.key}`}
          className={changed ? `${styles.slot} ${styles.fade}` : styles.slot}
        >
          <blockquote className={styles.text}>
            <p>{quote.quote}</p>
          </blockquote>
          {quote.author && (
            <figcaption className={styles.author}>
              <cite>{quote.author}</cite>
            </figcaption>
          )}
        </div>
        {list.map((other, i) =>
          i === current ? null : (
            <div
              key={`sizer:${other.key}`}
              className={`${styles.slot} ${styles.sizer}`}
              aria-hidden="true"
              data-quote-sizer=""
            >
              <div className={styles.text}>
                <p>{other.quote}</p>
              </div>
              {other.author && (
                <div className={styles.author}>
                  <span>{other.author}</span>
                </div>
              )}
            </div>
          ),
        )}
      </div>
    </figure>
  )
}
