import { useClearRefinements, useCurrentRefinements } from 'react-instantsearch'
import { useTranslation } from 'react-i18next'
import { getBus } from '../../src/bus/bus'
import { SOMMELIER_DRAFT_KEY } from '../../src/features/sommelier-draft/sommelier-draft'
import styles from './SearchPanel.module.css'

export interface NoHitsProps {
  /** The query that found nothing. */
  query: string
  /** How an active refinement's value reads (translated colour, euro signs). */
  labelOf: (attribute: string, value: string) => string
}

/**
 * What an answer without wines offers instead of a wall: a button per active refinement that
 * removes it and one that removes them all (InstantSearch's connectors), and the question
 * handed to the sommelier (a visitor gets the login form there, as from the sommelier button).
 */
export function NoHits({ query, labelOf }: NoHitsProps) {
  const { t } = useTranslation('search')
  const { items } = useCurrentRefinements()
  const { canRefine, refine: clearAll } = useClearRefinements()
  const question = query.trim()
  const refinements = items.flatMap((item) => item.refinements.map((r) => ({ item, r })))
  return (
    // Styled through `.results` and the show-more button's class: a new class name would add its
    // key to this stylesheet's mapping, which the header's chunk carries.
    <div data-recovery="">
      {refinements.length > 0 && (
        <ul aria-label={t('search.activeRefinements')}>
          {refinements.map(({ item, r }) => (
            <li key={`${r.attribute}:${String(r.value)}`}>
              <button type="button" className={styles.moreHits} onClick={() => item.refine(r)}>
                {t('search.removeRefinement', { value: labelOf(r.attribute, String(r.value)) })}
              </button>
            </li>
          ))}
          {canRefine && (
            <li>
              <button type="button" className={styles.moreHits} onClick={clearAll}>
                {t('search.clearRefinements')}
              </button>
            </li>
          )}
        </ul>
      )}
      {question !== '' && (
        <button
          type="button"
          className={styles.moreHits}
          onClick={() => {
            try {
              sessionStorage.setItem(SOMMELIER_DRAFT_KEY, question)
            } catch {
              // Storage refused: the chat opens with an empty field.
            }
            getBus().emit('modal:open', { mode: 'sommelier' })
          }}
        >
          {t('search.askSommelier', { query: question })}
        </button>
      )}
    </div>
  )
}
