import { startTransition, useEffect, useMemo, useState } from 'react'
import { useInfiniteHits, useInstantSearch } from 'react-instantsearch'
import { useTranslation } from 'react-i18next'
import type { Locale } from '../../src/domain/types'
import { normalizeHits, type WineHit } from '../../src/domain/wine-hit'
import { useReportError } from '../../src/report/use-report-error'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import frame from './Search.module.css'
import styles from './SearchPanel.module.css'
import { useFirstResults } from './first-search'
import { useSameList } from './same-list'
import { FIRST_HITS, ResultsView, hitCells } from './PanelFrame'
import { NoHits, useSeenValues, type NoHitsProps } from './NoHits'

/** `hits` begins with the wines of `drawn`, all drawn (the same list, or a page added to it). */
const continues = (drawn: readonly WineHit[], hits: readonly WineHit[]) =>
  drawn.length > 0 && drawn.every((hit, i) => hits[i]?.objectID === hit.objectID)

/**
 * The results grid over InstantSearch's hits (the connector's reading over `ResultsView`): the
 * first search's wines until InstantSearch has read its own answer, each answer's first cards at
 * once and the rest just after, "more wines" while pages are left.
 */
export function Results({ locale, labelOf }: { locale: Locale } & Pick<NoHitsProps, 'labelOf'>) {
  const { t } = useTranslation(['search', 'wine'])
  const { status, results, error } = useInstantSearch({ catchError: true })
  useReportError(error, {
    widget: 'search',
    area: 'data',
    message: 'search: the wines could not be searched',
  })
  const { items: given, showMore, isLastPage } = useInfiniteHits()
  // The same hits while only the status moves (the connector keeps its records while loading).
  const items = useSameList(given, Object.is)
  const ready = !results.__isArtificial
  const seenValues = useSeenValues(ready ? results : null)
  // Until InstantSearch has read its first answer, the wines the first search brought (drawn
  // before the panel, in the same place): the cards stay while the panel takes over.
  const first = useFirstResults()
  const early = ready ? null : first
  const hits = useMemo(() => (early ? early.hits : normalizeHits(items)), [early, items])
  // Each answer's first cards are drawn at once and the rest in a transition just after: an
  // answer's render of 24 new cards was one long task that the next key waited behind. More of
  // the same list (a page added by "more wines") is drawn whole.
  const [whole, setWhole] = useState<readonly WineHit[]>([])
  const complete = hits.length <= FIRST_HITS || continues(whole, hits)
  useEffect(() => {
    if (!complete && !early) startTransition(() => setWhole(hits))
  }, [complete, early, hits])
  // The instance's status changes with every search (loading, stalled, idle) and re-renders this
  // component: the cards stay the same until the hits change (each of those renders redrew 24).
  const cards = useMemo(
    () => hitCells(complete ? hits : hits.slice(0, FIRST_HITS), locale, HitCard),
    [complete, hits, locale],
  )

  if (status === 'error')
    return (
      <p role="alert" className={frame.note}>
        {t('search.error')}
      </p>
    )

  return (
    <ResultsView
      count={ready ? results.nbHits : early ? early.nbHits : null}
      query={ready ? results.query : undefined}
      noHits={ready && hits.length === 0}
      cards={cards}
      more={
        ready && hits.length === 0 ? (
          // After the grid (empty then): ResultsView is in the header's chunk, this is not.
          <NoHits query={results.query} labelOf={labelOf} values={seenValues} />
        ) : (
          ready &&
          complete &&
          hits.length > 0 &&
          !isLastPage && (
            <button type="button" className={styles.moreHits} onClick={showMore}>
              {t('search.moreHits')}
            </button>
          )
        )
      }
    />
  )
}
