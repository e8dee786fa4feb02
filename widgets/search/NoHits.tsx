import { useState } from 'react'
import {
  useClearRefinements,
  useCurrentRefinements,
  useSearchBox,
  type useInstantSearch,
} from 'react-instantsearch'
import { REFINEMENT_ATTRIBUTES } from '../../src/domain/search-state'
import { didYouMean } from '../../src/domain/did-you-mean'
import { useTranslation } from 'react-i18next'
import { getBus } from '../../src/bus/bus'
import { SOMMELIER_DRAFT_KEY } from '../../src/features/sommelier-draft/sommelier-draft'
import styles from './SearchPanel.module.css'

/** The lists whose values are words a shopper types (colours, badges, prices are not). */
const NAMED: readonly string[] = [REFINEMENT_ATTRIBUTES.grapes, REFINEMENT_ATTRIBUTES.regions]

/**
 * The grape and region values the index has returned in this panel's answers so far: an answer
 * without wines returns none, so the "did you mean" reads those of the answers before it (the
 * first, for every word, lists them all).
 */
type SearchResults = ReturnType<typeof useInstantSearch>['results']

export function useSeenValues(results: SearchResults | null): readonly string[] {
  // Adjusted while rendering, once per answer (React's pattern for state following a prop).
  const [seen, setSeen] = useState<{ from: SearchResults | null; values: readonly string[] }>({
    from: null,
    values: [],
  })
  if (results && results !== seen.from) {
    const added = [...results.facets, ...results.disjunctiveFacets]
      .filter((facet) => NAMED.includes(facet.name))
      .flatMap((facet) => Object.keys(facet.data))
      .filter((value) => !seen.values.includes(value))
    setSeen({
      from: results,
      values: added.length === 0 ? seen.values : [...seen.values, ...new Set(added)],
    })
  }
  return seen.values
}

export interface NoHitsProps {
  /** The query that found nothing. */
  query: string
  /** How an active refinement's value reads (translated colour, euro signs). */
  labelOf: (attribute: string, value: string) => string
  /** The refinement values seen so far (`useSeenValues`), for the "did you mean". */
  values: readonly string[]
}

/**
 * What an answer without wines offers instead of a wall: a button per active refinement that
 * removes it and one that removes them all (InstantSearch's connectors), and the question
 * the closest grape or region to the words typed ("Did you mean Merlot?", which searches it), and
 * the question handed to the sommelier (a visitor gets the login form there, as from the sommelier button).
 */
export function NoHits({ query, labelOf, values }: NoHitsProps) {
  const { t } = useTranslation('search')
  const { items } = useCurrentRefinements()
  const { canRefine, refine: clearAll } = useClearRefinements()
  const { refine: search } = useSearchBox()
  const question = query.trim()
  const suggestion = didYouMean(question, values)
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
      {suggestion && (
        <button type="button" className={styles.moreHits} onClick={() => search(suggestion)}>
          {t('search.didYouMean', { value: suggestion })}
        </button>
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
