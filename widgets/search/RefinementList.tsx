import { useCallback, useId, type ReactNode } from 'react'
import { useRefinementList, type UseRefinementListProps } from 'react-instantsearch'
import { REFINEMENT_LIMIT, REFINEMENT_SHOW_MORE_LIMIT } from '../../src/domain/search-state'
import { useLocale, useT } from '../../src/i18n/locale-context'
import styles from './Search.module.css'

type Item = Parameters<NonNullable<UseRefinementListProps['transformItems']>>[0][number]

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

/**
 * One refinement list (spec 2): the first 100 values with a show-more toggle to 200, sorted by
 * name ascending, chosen by checkbox with their counts; "no results" when it has no values.
 */
export function RefinementList({
  attribute,
  title,
  labelOf,
  markerOf,
  spokenLabelOf,
  sortByLabel = false,
}: RefinementListProps) {
  const t = useT('search')
  const locale = useLocale()
  const headingId = useId()
  // Stable across renders (a new function would re-create the connector's widget each time).
  const transformItems = useCallback(
    (items: Item[]) => {
      if (!labelOf) return items
      const labelled = items.map((item) => ({ ...item, label: labelOf(item.value) }))
      return sortByLabel
        ? labelled.sort((a, b) => a.label.localeCompare(b.label, locale))
        : labelled
    },
    [labelOf, sortByLabel, locale],
  )
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit: REFINEMENT_LIMIT,
    showMore: true,
    showMoreLimit: REFINEMENT_SHOW_MORE_LIMIT,
    sortBy: ['name:asc'],
    transformItems,
  })

  return (
    <div className={styles.list} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.listTitle}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('search.noResults')}</p>
      ) : (
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
      )}
      {canToggleShowMore && (
        <button type="button" className={styles.showMore} onClick={toggleShowMore}>
          {isShowingMore ? t('search.showLess') : t('search.showMore')}
        </button>
      )}
    </div>
  )
}
