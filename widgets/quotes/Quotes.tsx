import { useEffect, useRef, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useCollection } from '../../src/api/collections'
import { nextIndex } from '../../src/domain/rotation'
import { useT } from '../../src/i18n/locale-context'
import type { QuotesProps } from './index'
import styles from './Quotes.module.css'

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

const FIELDS = ['id', 'quote', 'author'] as const

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
  const t = useT('quotes')
  const query = useCollection<QuoteEntry>('quotes', locale, FIELDS)
  const list = query.data ? usableQuotes(query.data) : []
  const count = list.length
  const seconds = Math.max(5, props.interval)

  // The first quote is random too: a seed drawn once per mounted widget.
  const [seed] = useState(Math.random)
  const [index, setIndex] = useState<number | null>(null)
  const [paused, setPaused] = useState(false)
  const first = count > 0 ? Math.min(count - 1, Math.floor(seed * count)) : -1
  const current = index !== null && index < count ? index : first

  useEffect(() => {
    if (count < 2 || paused) return
    const timer = setInterval(() => {
      const r = Math.random()
      setIndex((prev) => nextIndex(prev !== null && prev < count ? prev : first, count, () => r))
    }, seconds * 1000)
    return () => clearInterval(timer)
  }, [count, first, paused, seconds])

  // Editors see load problems in the console; shoppers see nothing (spec 8: not shown).
  const logged = useRef<unknown>(null)
  useEffect(() => {
    if (query.error && logged.current !== query.error) {
      logged.current = query.error
      console.error('[wine-widgets] quotes: the quotes could not be loaded', query.error)
    }
  }, [query.error])

  if (query.isPending) return <div className={styles.placeholder} aria-hidden="true" />
  const quote = list[current]
  if (!quote) return null

  return (
    <figure
      className={styles.quotes}
      aria-label={t('quotes.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {/* A new key restarts the fade-in animation for each quote. */}
      <div key={quote.key} className={styles.fade}>
        <blockquote className={styles.text}>
          <p>{quote.quote}</p>
        </blockquote>
        {quote.author && (
          <figcaption className={styles.author}>
            <cite>{quote.author}</cite>
          </figcaption>
        )}
      </div>
    </figure>
  )
}
