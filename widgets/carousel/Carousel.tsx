import { useEffect, useId, useMemo, useRef, type FocusEvent } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { Locale } from '../../src/domain/types'
import { CAROUSEL_FULL_ROW, carouselLayout } from '../../src/domain/carousel-layout'
import type { WineHit } from '../../src/domain/wine-hit'
import { searchWines, type WinesResult } from '../../src/services/search-client'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { useTranslation } from 'react-i18next'
import type { CarouselProps } from './props'
import styles from './Carousel.module.css'
import { useReportError } from '../../src/report/use-report-error'

/** Wines fetched per request; the next ones load as the shopper scrolls towards the end. */
export const CAROUSEL_PAGE_SIZE = 24

/** Start loading the next page this far before the last card comes into view. */
const PRELOAD_MARGIN = '400px'

/** A facet value starting with "-" would negate the filter: escape it. */
const facetValue = (value: string) => (value.startsWith('-') ? `\\${value}` : value)

function carouselQueryOptions(locale: Locale, tag: string) {
  return {
    queryKey: ['carousel', locale, tag] as const,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      searchWines({
        locale,
        facetFilters: [`tags:${facetValue(tag)}`],
        hitsPerPage: CAROUSEL_PAGE_SIZE,
        page: pageParam,
      }),
    initialPageParam: 0,
    // Pages are counted on the index's answer (nbHits), not on the usable records kept.
    getNextPageParam: (last: WinesResult, pages: WinesResult[]) =>
      pages.length * CAROUSEL_PAGE_SIZE < last.nbHits ? pages.length : undefined,
  }
}

/** Every page's wines once, in order (a record that moved between pages is not shown twice). */
function allHits(pages: readonly WinesResult[] | undefined): WineHit[] {
  const seen = new Set<string>()
  const hits: WineHit[] = []
  for (const hit of (pages ?? []).flatMap((page) => page.hits)) {
    if (seen.has(hit.objectID)) continue
    seen.add(hit.objectID)
    hits.push(hit)
  }
  return hits
}

/**
 * The wines whose search tag equals the title, laid out by their number; every
 * one of them, page after page: the next page loads when the end of the list comes near, by
 * scrolling or by moving focus to one of the last cards.
 */
export default function Carousel({ props, locale, element }: WidgetComponentProps<CarouselProps>) {
  const { t } = useTranslation('carousel')
  const headingId = useId()
  const title = props.title.trim()
  const tag = props.tag?.trim() || title
  const query = useInfiniteQuery(carouselQueryOptions(locale, tag))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const sentinel = useRef<HTMLLIElement>(null)

  useReportError(query.error, {
    widget: 'carousel',
    area: 'data',
    message: `carousel: the wines tagged "${tag}" could not be loaded`,
    element,
  })

  const hits = useMemo(() => allHits(query.data?.pages), [query.data])
  const layout = carouselLayout(hits.length)

  // The end of the list near (inside the list's own scroll box): load the next page.
  useEffect(() => {
    const target = sentinel.current
    if (!hasNextPage || isFetchingNextPage || !target) return
    if (typeof IntersectionObserver === 'undefined') {
      void fetchNextPage()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
      },
      { root: target.parentElement, rootMargin: PRELOAD_MARGIN },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, hits.length])

  // Keyboard and screen-reader users reach the end by focus, which may not scroll the list.
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    if (!hasNextPage || isFetchingNextPage || !(event.target instanceof Element)) return
    const item = event.target.closest('li')
    const items = [...event.currentTarget.children]
    if (item && items.indexOf(item) >= items.length - 1 - CAROUSEL_FULL_ROW) void fetchNextPage()
  }

  return (
    <section className={styles.carousel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {query.isPending ? (
        <div className={styles.placeholder} aria-hidden="true" />
      ) : layout === 'empty' ? (
        <p className={styles.empty}>{t('carousel.empty')}</p>
      ) : (
        // onFocus (bubbling from the links inside) scrolls the focused card into view.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
        <ul
          className={`${styles.list} ${styles[layout]}`}
          data-layout={layout}
          aria-busy={isFetchingNextPage || undefined}
          onFocus={onFocus}
        >
          {hits.map((hit) => (
            <li key={hit.objectID} className={styles.item}>
              <HitCard hit={hit} locale={locale} />
            </li>
          ))}
          {hasNextPage && (
            <li ref={sentinel} className={styles.sentinel} aria-hidden="true" data-more="" />
          )}
        </ul>
      )}
    </section>
  )
}
