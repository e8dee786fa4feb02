import type { ComponentType, ReactNode, Ref } from 'react'
import type { Locale } from '../../src/domain/types'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/domain/search-state'
import type { WineHit } from '../../src/domain/wine-hit'
import type { HitCardProps } from '../../src/ui/hit-card/HitCard'
import { useTranslation } from 'react-i18next'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { CloseIcon, FilterIcon, SommelierIcon } from './icons'
import frame from './Search.module.css'
import styles from './SearchPanel.module.css'

/**
 * The search field's own attributes, on the panel's field and on the preview's that stands in for
 * it: a phone's keyboard and the browser treat both the same.
 */
export const SEARCH_FIELD = {
  type: 'search',
  maxLength: SEARCH_QUERY_MAX_LENGTH,
  autoComplete: 'off',
  autoCorrect: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
  enterKeyHint: 'search',
} as const

/** Cards of the first answer drawn at once (more than a phone shows); the rest just after. */
export const FIRST_HITS = 6

export interface PanelFrameProps {
  barId: string
  barOpen: boolean
  /** Opens and closes the refinement bar on small screens; without it the button is inert. */
  onToggleBar?: () => void
  onSommelier: () => void
  onClose: () => void
  closeRef?: Ref<HTMLButtonElement>
  searchBox: ReactNode
  /** The refinement bar's content. */
  bar: ReactNode
  /** The results. */
  children: ReactNode
}

/**
 * The search panel's frame: the top bar (filters, sommelier, the search box, close) and the
 * refinement bar beside the results. The panel draws its content in it, and so does the first
 * results' preview until the panel has rendered: the same boxes, so nothing moves when the panel
 * takes over.
 */
export function PanelFrame({
  barId,
  barOpen,
  onToggleBar,
  onSommelier,
  onClose,
  closeRef,
  searchBox,
  bar,
  children,
}: PanelFrameProps) {
  const { t } = useTranslation('search')
  return (
    <div className={frame.panel}>
      <div className={frame.topBar}>
        <button
          type="button"
          className={`${frame.textButton} ${styles.smallOnly}`}
          aria-expanded={barOpen}
          aria-controls={barId}
          onClick={onToggleBar}
          inert={!onToggleBar}
        >
          <FilterIcon />
          <span>{t('search.filters')}</span>
        </button>
        <button type="button" className={frame.textButton} onClick={onSommelier}>
          <SommelierIcon />
          <span className={styles.hideOnNarrow}>{t('search.sommelier')}</span>
        </button>
        {searchBox}
        <IconButton
          ref={closeRef}
          className={frame.iconButton}
          label={t('search.close')}
          onClick={() => onClose()}
        >
          <CloseIcon />
        </IconButton>
      </div>
      <div className={styles.body}>
        <aside id={barId} className={styles.bar} hidden={!barOpen} aria-label={t('search.refine')}>
          {bar}
        </aside>
        <section className={styles.results} aria-label={t('search.results')}>
          {children}
        </section>
      </div>
    </div>
  )
}

export interface ResultsViewProps {
  /** How many wines the answer found; null before an answer. */
  count: number | null
  /** The query these results answer (the bench times keystroke → results by it). */
  query?: string
  /** The answer found nothing. */
  noHits?: boolean
  cards: ReactNode
  /** The show-more button. */
  more?: ReactNode
}

/** The count of wines found (or that none was), the grid of cards and the show-more button. */
export function ResultsView({ count, query, noHits = false, cards, more }: ResultsViewProps) {
  const { t } = useTranslation('search')
  return (
    <>
      <p role="status" className={styles.stats} data-query={query}>
        {count === null ? '' : t('search.count', { count })}
      </p>
      {noHits && <p className={frame.note}>{t('search.noHits')}</p>}
      <ul className={styles.grid}>{cards}</ul>
      {more}
    </>
  )
}

/**
 * The grid's cells, one card each. The card is passed, not imported: this file is in the header's
 * chunk, on every page, and the card comes with the panel's.
 */
export const hitCells = (
  hits: readonly WineHit[],
  locale: Locale,
  Card: ComponentType<HitCardProps>,
): ReactNode[] =>
  hits.map((hit) => (
    <li key={hit.objectID} className={styles.cell}>
      <Card hit={hit} locale={locale} />
    </li>
  ))
