import {
  createContext,
  memo,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import {
  useInstantSearch,
  useRefinementList,
  type UseRefinementListProps,
} from 'react-instantsearch'
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
 * Tells the refinement lists whether the search has answered yet (one subscription for all), and
 * lets them draw their values once the first answer's cards are in: the values of six lists
 * doubled the render that shows the first results.
 */
export function Answered({ children }: { children: ReactNode }) {
  const { results } = useInstantSearch()
  // Before the first answer InstantSearch renders with placeholder ("artificial") results.
  const answered = !results.__isArtificial
  const [drawValues, setDrawValues] = useState(false)
  useEffect(() => {
    if (answered && !drawValues) startTransition(() => setDrawValues(true))
  }, [answered, drawValues])
  const value = useMemo(() => ({ answered, drawValues }), [answered, drawValues])
  return <AnsweredContext.Provider value={value}>{children}</AnsweredContext.Provider>
}

/** What `useWineRefinements` reads a list's values with. */
type RefinementOptions = Pick<RefinementListProps, 'attribute' | 'labelOf' | 'sortByLabel'>

/**
 * The connector of one refinement list (react-instantsearch's `useRefinementList` with the
 * shop's rules): the first 100 values with a show-more toggle to 200, sorted by name ascending
 * in the locale's collation ("Médoc" before "Mosel", "Sémillon" before "Syrah"), labelled by
 * `labelOf`; the values are the same objects while none is drawn differently.
 */
export function useWineRefinements({ attribute, labelOf, sortByLabel = false }: RefinementOptions) {
  const locale = useLocale()
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
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit: REFINEMENT_LIMIT,
    showMore: true,
    showMoreLimit: REFINEMENT_SHOW_MORE_LIMIT,
    sortBy,
    transformItems,
  })
  // New objects at every render of the connector: the values are redrawn only when one changed.
  const same = useSameList(items, sameValue)
  return { items: same, refine, canToggleShowMore, isShowingMore, toggleShowMore }
}

interface ValuesProps extends Pick<RefinementListProps, 'markerOf' | 'spokenLabelOf'> {
  items: readonly Item[]
  refine: (value: string) => void
}

/** The values, chosen by checkbox with their counts; memo: redrawn only when one changed. */
const Values = memo(function Values({ items, refine, markerOf, spokenLabelOf }: ValuesProps) {
  return (
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
            {spokenLabelOf && <span className={styles.srOnly}>{spokenLabelOf(item.value)}</span>}{' '}
            <span className={styles.count}>{item.count}</span>
          </label>
        </li>
      ))}
    </ul>
  )
})

export interface RefinementListViewProps
  extends
    Pick<RefinementListProps, 'title' | 'markerOf' | 'spokenLabelOf'>,
    ReturnType<typeof useWineRefinements> {
  /** The search has answered at least once (before that, no values is only waiting). */
  answered: boolean
  /** The values are drawn (they follow the first answer's cards). */
  drawValues: boolean
}

/**
 * One refinement list as it is drawn: its title, its values, "No results" only for an answer
 * without values (while the first answer is pending, or when the search failed, the list is
 * simply empty), and the show-more toggle.
 */
export function RefinementListView({
  title,
  markerOf,
  spokenLabelOf,
  items,
  refine,
  canToggleShowMore,
  isShowingMore,
  toggleShowMore,
  answered,
  drawValues,
}: RefinementListViewProps) {
  const { t } = useTranslation('search')
  const headingId = useId()
  return (
    <div className={styles.list} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.listTitle}>
        {title}
      </h3>
      {!drawValues ? null : items.length > 0 ? (
        <Values items={items} refine={refine} markerOf={markerOf} spokenLabelOf={spokenLabelOf} />
      ) : (
        answered && <p className={styles.empty}>{t('search.noResults')}</p>
      )}
      {drawValues && canToggleShowMore && (
        <button type="button" className={styles.showMore} onClick={toggleShowMore}>
          {isShowingMore ? t('search.showLess') : t('search.showMore')}
        </button>
      )}
    </div>
  )
}

/** One refinement list of the panel: `useWineRefinements` drawn by `RefinementListView`. */
export function RefinementList(props: RefinementListProps) {
  const refinements = useWineRefinements(props)
  const { answered, drawValues } = useContext(AnsweredContext)
  return (
    <RefinementListView
      title={props.title}
      markerOf={props.markerOf}
      spokenLabelOf={props.spokenLabelOf}
      answered={answered}
      drawValues={drawValues}
      {...refinements}
    />
  )
}
