import { useEffect, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { faqFromJson } from '../../src/domain/faq'
import { faqContentOf, type FaqContent } from './faq-content'
import type { FaqProps } from './props'
import styles from './Faq.module.css'
import { AccordionSection, useAccordion } from '../../src/ui/accordion/Accordion'
import { reportError } from '../../src/report/report'

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
  const { t } = useTranslation('faq')
  const { section } = useAccordion(content.items.length, { single: props.single })

  useEffect(() => {
    if (content.problem)
      reportError({
        widget: 'faq',
        area: 'widget',
        message: `faq: ${content.problem}`,
        logged: [element],
      })
  }, [content.problem, element])

  if (content.items.length === 0) return <p className={styles.empty}>{t('faq.empty')}</p>

  return (
    <div className={styles.faq} role="group" aria-label={t('faq.label')}>
      {content.items.map((item, i) => (
        <div key={i} className={styles.item}>
          <AccordionSection
            {...section(i)}
            level={props.level}
            classNames={{ heading: styles.question, button: styles.button, panel: styles.answer }}
            header={
              <>
                <span>{item.question}</span>
                <span className={styles.icon} aria-hidden="true" />
              </>
            }
          >
            {item.answer.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </AccordionSection>
        </div>
      ))}
    </div>
  )
}
