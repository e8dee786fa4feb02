import type { DomWidget } from '../../src/props/schema'
import { collectionQuery } from '../../src/api/collection-query'
import { QUOTE_FIELDS } from '../../src/api/collection-url'
import { nextIndex } from '../../src/domain/rotation'
import { reportError } from '../../src/report/report'
import type { QuotesProps } from './props'
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

/** An element with a class and, optionally, its text (always as text, never as HTML). */
function tag<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  name: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(name)
  if (className) el.className = className
  if (text !== undefined) el.textContent = text
  return el
}

/**
 * One quote in the stack: the shown one is a real quote (blockquote, figcaption, cite), faded in
 * when it replaces another; a sizer only holds its place (invisible, hidden from assistive
 * technology, no quote semantics).
 */
function slot(doc: Document, quote: Quote, as: 'shown' | 'fade' | 'sizer'): HTMLDivElement {
  const sizer = as === 'sizer'
  const box = tag(doc, 'div', `${styles.slot} ${as === 'shown' ? '' : styles[as]}`.trim())
  if (sizer) {
    box.setAttribute('aria-hidden', 'true')
    box.setAttribute('data-quote-sizer', '')
  }
  const text = tag(doc, sizer ? 'div' : 'blockquote', styles.text ?? '')
  text.append(tag(doc, 'p', '', quote.quote))
  box.append(text)
  if (quote.author) {
    const author = tag(doc, sizer ? 'div' : 'figcaption', styles.author ?? '')
    author.append(tag(doc, sizer ? 'span' : 'cite', '', quote.author))
    box.append(author)
  }
  return box
}

/**
 * One random wine quote with its author; another one every `interval` seconds, with a fade.
 * Drawn without React (defineDomWidget): a page with only quotes downloads no React.
 */
const Quotes: DomWidget<QuotesProps> = ({ element, props, locale, textsFor, client }) => {
  const doc = element.ownerDocument
  const texts = textsFor('quotes')
  const seconds = Math.max(5, props.interval)
  let stopped = false
  let timer: ReturnType<typeof setInterval> | undefined

  // The reserved height while the quotes load (the reserve stylesheet keeps it before too).
  const placeholder = tag(doc, 'div', styles.placeholder ?? '')
  placeholder.setAttribute('aria-hidden', 'true')
  element.replaceChildren(placeholder)

  function show(list: Quote[]) {
    const count = list.length
    if (count === 0) {
      element.replaceChildren()
      return
    }
    // The first quote is random too; it is drawn at once, only a change fades (a fade would
    // hold back the page's largest paint).
    let current = Math.min(count - 1, Math.floor(Math.random() * count))
    const figure = tag(doc, 'figure', styles.quotes ?? '')
    figure.setAttribute('aria-label', texts.label)
    // Every quote of the locale sits in the same grid cell, so the box is as tall as the tallest
    // one from the start and a rotation never moves the page. Only the current quote is shown
    // and exposed (a real blockquote and figcaption); the others are invisible, hidden from
    // assistive technology and only hold their place.
    const stack = tag(doc, 'div', styles.stack ?? '')
    figure.append(stack)

    const draw = (changed: boolean) => {
      const quote = list[current]
      if (!quote) return
      const shown = slot(doc, quote, changed ? 'fade' : 'shown')
      const sizers = list.flatMap((other, i) => (i === current ? [] : [slot(doc, other, 'sizer')]))
      stack.replaceChildren(shown, ...sizers)
    }

    const rotate = () => {
      if (count < 2 || stopped) return
      timer = setInterval(() => {
        current = nextIndex(current, count)
        draw(true)
      }, seconds * 1000)
    }
    // The rotation pauses while the quote is pointed at (WCAG 2.2.2); nothing to activate.
    figure.addEventListener('mouseenter', () => {
      clearInterval(timer)
      timer = undefined
    })
    figure.addEventListener('mouseleave', () => {
      if (timer === undefined) rotate()
    })

    draw(false)
    element.replaceChildren(figure)
    rotate()
  }

  client.query(collectionQuery<QuoteEntry>('quotes', locale, QUOTE_FIELDS)).then(
    (entries) => {
      if (!stopped) show(usableQuotes(entries))
    },
    (error: unknown) => {
      if (stopped) return
      // Editors see load problems in the console; shoppers see nothing (not shown).
      element.replaceChildren()
      reportError({
        widget: 'quotes',
        area: 'data',
        message: 'quotes: the quotes could not be loaded',
        error,
        element,
      })
    },
  )

  return {
    unmount() {
      stopped = true
      clearInterval(timer)
      element.replaceChildren()
    },
  }
}

export default Quotes
