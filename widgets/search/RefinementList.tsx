import { createContext, useCallback, useContext, useId, useMemo, type ReactNode } from 'react'
import { useRefinementList, type UseRefinementListProps } from 'react-instantsearch'
import { REFINEMENT_LIMIT, REFINEMENT_SHOW_MORE_LIMIT } from '../../src/domain/search-state'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { labelOrder } from '../../src/domain/label-order'
import styles from './RefinementList.module.css'
import { useSameList } from './same-list'

type Item = Parameters<NonNullable<UseRefinementListProps['transformItems']>>[0][number]
/** The comparator form of the connector's `sortBy` (it also takes a list of criteria). */
type SortFunction = Extract<
  NonNullable<UseRefinementListProps['sortBy']>,
  (...args: never[]) => number
>

export interface RefinementListProps {
  attribute: string
  title: string
  /** The label shown for a raw facet value (translations, euro signs); default: the value. */
  labelOf?: (value: string) => string
  /** A small picture before the label (colour dot, badge image). */
  markerOf?: (value: string) => ReactNode
  /** Extra text for screen readers after the label (e.g. "price level 2 of 4"). */
  spokenLabelOf?: (value: string) => string
  /** Sort by the shown (translated) label instead of the raw value. @default false */
  sortByLabel?: boolean
}

/** Two values drawn alike: a list whose values are all drawn alike is not redrawn. */
const sameValue = (a: Item, b: Item) =>
  a.value === b.value && a.label === b.label && a.count === b.count && a.isRefined === b.isRefined

/**
 * Whether the search has answered at least once (before that a list without values is only
 * waiting), and whether the lists draw their values yet: the first answer's cards are drawn
 * first, the values (hundreds of checkboxes, hidden on a phone until a panel opens) in a
 * transition just after. Provided once by the panel: a `useInstantSearch` per list would
 * re-render every list on each search event.
 */
export const AnsweredContext = createContext({ answered: true, drawValues: true })

/**
 * One refinement list: the first 100 values with a show-more toggle to 200, sorted by
 * name ascending in the locale's collation ("Médoc" before "Mosel", "Sémillon" before "Syrah"),
 * chosen by checkbox with their counts. "No results" only for an answer without values: while
 * the first answer is pending (or when the search failed) the list is simply empty.
 */
export function RefinementList({
  attribute,
  title,
  labelOf,
  markerOf,
  spokenLabelOf,
  sortByLabel = false,
}: RefinementListProps) {
  const { t } = useTranslation('search')
  const locale = useLocale()
  const headingId = useId()
  const { answered, drawValues } = useContext(AnsweredContext)
  // Each value's label read once: the lists sort and label their values again on every answer.
  const cachedLabelOf = useMemo(() => {
    if (!labelOf) return undefined
    const labels = new Map<string, string>()
    return (value: string) => {
      let label = labels.get(value)
      if (label === undefined) labels.set(value, (label = labelOf(value)))
      return label
    }
  }, [labelOf])
  // Stable across renders (a new function would re-create the connector's widget each time).
  const sortBy = useMemo<SortFunction>(() => {
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
    const order = labelOrder(collator, (name) =>
      sortByLabel && cachedLabelOf ? cachedLabelOf(name) : name,
    )
    // Sorted before the list is cut to its limit, so the first 100 are the first by name.
    return (a, b) => order(a.name, b.name)
  }, [cachedLabelOf, sortByLabel, locale])
  const transformItems = useCallback(
    (items: Item[]) =>
      cachedLabelOf ? items.map((item) => ({ ...item, label: cachedLabelOf(item.value) })) : items,
    [cachedLabelOf],
  )
  const {
    items: given,
    refine,
    canToggleShowMore,
    isShowingMore,
    toggleShowMore,
  } = useRefinementList({
    attribute,
    limit: REFINEMENT_LIMIT,
    showMore: true,
    showMoreLimit: REFINEMENT_SHOW_MORE_LIMIT,
    sortBy,
    transformItems,
  })
  // New objects at every render of the connector: the values are redrawn only when one changed.
  const items = useSameList(given, sameValue)
  const values = useMemo(
    () =>
      items.length === 0 ? null : (
        <ul className={styles.values}>
          {items.map((item) => (
            <li key={item.value}>
              <label className={styles.value}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={item.isRefined}
                  onChange={() => refine(item.value)}
                />
                {markerOf?.(item.value)}
                <span className={styles.valueLabel} aria-hidden={spokenLabelOf ? true : undefined}>
                  {item.label}
                </span>
                {spokenLabelOf && (
                  <span className={styles.srOnly}>{spokenLabelOf(item.value)}</span>
                )}{' '}
                <span className={styles.count}>{item.count}</span>
              </label>
            </li>
          ))}
        </ul>
      ),
    [items, refine, markerOf, spokenLabelOf],
  )

  return (
    <div className={styles.list} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.listTitle}>
        {title}
      </h3>
      {!drawValues
        ? null
        : (values ?? (answered && <p className={styles.empty}>{t('search.noResults')}</p>))}
      {drawValues && canToggleShowMore && (
        <button type="button" className={styles.showMore} onClick={toggleShowMore}>
          {isShowingMore ? t('search.showLess') : t('search.showMore')}
        </button>
      )}
    </div>
  )
}
