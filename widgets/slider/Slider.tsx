import { useEffect, useState, type CSSProperties } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useEditorialEntries } from '../../src/api/collections'
import { collectionIndexUrl } from '../../src/domain/editorial'
import type { EditorialCollection } from '../../src/domain/editorial-constants'
import { ROTATION_SECONDS, nextIndex } from '../../src/domain/rotation'
import { useBusEvent } from '../../src/bus/use-bus'
import { useTranslation } from 'react-i18next'
import { HeroPlaceholder } from '../../src/ui/hero-placeholder/HeroPlaceholder'
import type { SliderProps } from './props'
import styles from './Slider.module.css'
import { useReportError } from '../../src/report/use-report-error'

const MORE_KEYS: Record<EditorialCollection, string> = {
  regions: 'slider.moreRegions',
  grapes: 'slider.moreGrapes',
  estates: 'slider.moreEstates',
  bundles: 'slider.moreBundles',
  articles: 'slider.moreArticles',
}

/**
 * One entry of a collection: hero image, title and meta description, linked to the entry. Rotates
 * at random every 15 s, unless pinned by `data-index` or by a `slider:select` bus event.
 */
export default function Slider({ props, locale, element }: WidgetComponentProps<SliderProps>) {
  const { t } = useTranslation('slider')
  const query = useEditorialEntries(props.collection, locale, 'slider')
  const entries = query.data ?? []
  const count = entries.length

  // The first entry is random: a seed drawn once per mounted slider.
  const [seed] = useState(Math.random)
  const [index, setIndex] = useState<number | null>(props.index ?? null)
  // Pinned by data-index or by an outside selection: the slider follows, it no longer rotates.
  const [following, setFollowing] = useState(props.index !== undefined)
  const [paused, setPaused] = useState(false)
  const [holding, setHolding] = useState(false)
  // The hero URL that failed to load: the placeholder stands in for it.
  const [brokenHero, setBrokenHero] = useState<string | null>(null)
  // Only a change of entry fades: the first one is drawn at once (it replaces the reserved box,
  // and a fade would hold back the page's largest paint by its 500 ms).
  const [changed, setChanged] = useState(false)

  const first = count > 0 ? Math.min(count - 1, Math.floor(seed * count)) : -1
  const current = index !== null ? Math.min(index, count - 1) : first
  const rotating = count > 1 && !following

  useBusEvent('slider:select', (selection) => {
    if (selection.collection !== props.collection) return
    if (!Number.isInteger(selection.index) || selection.index < 0 || selection.index >= count)
      return
    setIndex(selection.index)
    setChanged(true)
    setFollowing(true)
  })

  useEffect(() => {
    if (!rotating || paused || holding) return
    const timer = setInterval(() => {
      const r = Math.random()
      setIndex((prev) => nextIndex(prev !== null && prev < count ? prev : first, count, () => r))
      setChanged(true)
    }, ROTATION_SECONDS * 1000)
    return () => clearInterval(timer)
  }, [rotating, paused, holding, count, first])

  // Editors see load problems in the console; shoppers see a quiet empty state.
  useReportError(query.error, {
    widget: 'slider',
    area: 'data',
    message: `slider: the "${props.collection}" entries could not be loaded`,
    element,
  })

  const frame: CSSProperties = { aspectRatio: `${props.width} / ${props.height}` }
  const entry = entries[current]

  if (query.isPending) {
    // The same boxes as the loaded slider (image, text, and the actions row when it will likely
    // have a pause button or a "more" link), so nothing below moves when the entry arrives.
    return (
      <div className={styles.slider} aria-hidden="true">
        <div className={`${styles.frame} ${styles.loading}`} style={frame} />
        <div className={styles.text} />
        {(props.more || props.index === undefined) && <div className={styles.actions} />}
      </div>
    )
  }

  if (!entry) {
    return (
      <div className={styles.slider}>
        <div className={`${styles.frame} ${styles.empty}`} style={frame}>
          <p>{t('slider.empty')}</p>
        </div>
      </div>
    )
  }

  const body = (
    <>
      <div className={styles.frame} style={frame}>
        {entry.hero && entry.hero !== brokenHero ? (
          <img
            key={entry.hero}
            className={styles.image}
            src={entry.hero}
            alt=""
            width={props.width}
            height={props.height}
            loading={props.priority ? 'eager' : 'lazy'}
            fetchPriority={props.priority ? 'high' : 'auto'}
            decoding="async"
            onError={() => setBrokenHero(entry.hero)}
          />
        ) : (
          // No hero (or it failed to load): a drawn wine glass in the same box, not an empty one.
          <HeroPlaceholder className={styles.placeholder} />
        )}
      </div>
      <div className={styles.text}>
        <p className={styles.title}>{entry.title}</p>
        {entry.metaDescription && <p className={styles.meta}>{entry.metaDescription}</p>}
      </div>
    </>
  )

  return (
    // The rotation pauses while pointed at or focused within (WCAG 2.2.2); its buttons act.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <section
      className={styles.slider}
      aria-label={t('slider.label')}
      data-entry-index={current}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHolding(false)
      }}
    >
      {/* A new key restarts the fade for each entry. */}
      <div key={current} className={changed ? styles.fade : undefined}>
        {entry.url ? (
          <a className={styles.link} href={entry.url}>
            {body}
          </a>
        ) : (
          <div className={styles.link}>{body}</div>
        )}
      </div>
      {(rotating || props.more) && (
        <div className={styles.actions}>
          {rotating && (
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={paused}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? t('slider.play') : t('slider.pause')}
            </button>
          )}
          {props.more && (
            <a className={styles.more} href={collectionIndexUrl(props.collection, locale)}>
              {t(MORE_KEYS[props.collection])}
            </a>
          )}
        </div>
      )}
    </section>
  )
}
