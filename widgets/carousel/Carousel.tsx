import { useEffect, useId, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { Locale } from '../../src/domain/types'
import { carouselLayout } from '../../src/domain/carousel-layout'
import { searchWines } from '../../src/services/search-client'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { useT } from '../../src/i18n/locale-context'
import type { CarouselProps } from './index'
import styles from './Carousel.module.css'

/** At most this many wines per carousel (beyond 4 they scroll). */
export const CAROUSEL_MAX_WINES = 24

/** A facet value starting with "-" would negate the filter: escape it. */
const facetValue = (value: string) => (value.startsWith('-') ? `\\${value}` : value)

function carouselQueryOptions(locale: Locale, tag: string) {
  return {
    queryKey: ['carousel', locale, tag] as const,
    queryFn: () =>
      searchWines({
        locale,
        facetFilters: [`tags:${facetValue(tag)}`],
        hitsPerPage: CAROUSEL_MAX_WINES,
      }),
  }
}

/** The wines whose search tag equals the title, laid out by their number (spec section 2). */
export default function Carousel({ props, locale }: WidgetComponentProps<CarouselProps>) {
  const t = useT('carousel')
  const headingId = useId()
  const title = props.title.trim()
  const tag = props.tag?.trim() || title
  const query = useQuery(carouselQueryOptions(locale, tag))

  const logged = useRef<unknown>(null)
  useEffect(() => {
    if (query.error && logged.current !== query.error) {
      logged.current = query.error
      console.error(
        `[wine-widgets] carousel: the wines tagged "${tag}" could not be loaded`,
        query.error,
      )
    }
  }, [query.error, tag])

  const hits = query.data?.hits ?? []
  const layout = carouselLayout(hits.length)

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
        <ul className={`${styles.list} ${styles[layout]}`} data-layout={layout}>
          {hits.map((hit) => (
            <li key={hit.objectID} className={styles.item}>
              <HitCard hit={hit} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
