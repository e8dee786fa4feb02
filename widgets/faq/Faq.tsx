import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useT } from '../../src/i18n/locale-context'
import { faqFromJson } from '../../src/domain/faq'
import { faqContentOf, type FaqContent } from './faq-content'
import type { FaqProps } from './index'
import styles from './Faq.module.css'

/**
 * Question-and-answer accordions (WAI-ARIA accordion pattern): each question is a button inside a
 * heading, with aria-expanded and aria-controls; each answer is a region labelled by its question.
 */
export default function Faq({ props, element }: WidgetComponentProps<FaqProps>) {
  // data-items (validated by the runtime) first; else the tag's content, read during the first
  // render before anything can suspend, since React's first commit replaces the tag's content.
  const [content] = useState<FaqContent>(() =>
    props.items !== undefined
      ? { items: faqFromJson(props.items).items, problem: null }
      : faqContentOf(element),
  )
  const t = useT('faq')
  const baseId = useId()
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set())
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    if (content.problem) console.error(`[wine-widgets] faq: ${content.problem}`, element)
  }, [content.problem, element])

  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(props.single ? [] : prev)
      if (prev.has(i)) next.delete(i)
      else next.add(i)
      return next
    })

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const count = content.items.length
    const target = {
      ArrowDown: (i + 1) % count,
      ArrowUp: (i - 1 + count) % count,
      Home: 0,
      End: count - 1,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  if (content.items.length === 0) return <p className={styles.empty}>{t('faq.empty')}</p>

  const Heading = `h${props.level}` as 'h2' | 'h3' | 'h4'
  return (
    <div className={styles.faq} role="group" aria-label={t('faq.label')}>
      {content.items.map((item, i) => {
        const expanded = open.has(i)
        const buttonId = `${baseId}-q${i}`
        const panelId = `${baseId}-a${i}`
        return (
          <div key={i} className={styles.item}>
            <Heading className={styles.question}>
              <button
                ref={(el) => {
                  buttons.current[i] = el
                }}
                type="button"
                id={buttonId}
                className={styles.button}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(i)}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                <span>{item.question}</span>
                <span className={styles.icon} aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={styles.answer}
              hidden={!expanded}
            >
              {item.answer.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}
