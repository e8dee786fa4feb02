import { useState, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import type { Locale } from '../../domain/types'
import type { WineBadgeRecord, WineHit } from '../../domain/wine-hit'
import { wineColorOf } from '../../domain/wine-color'
import { badgeFallbackLabel, wineBadgeOf } from '../../domain/wine-badge'
import { priceLevelSigns } from '../../domain/price-level'
import { useTranslation } from 'react-i18next'
import { i18nFor } from '../../i18n/i18n'
import styles from './HitCard.module.css'

export interface HitCardProps {
  hit: WineHit
  /** The language of the card's texts (badges, colour, price level). */
  locale: Locale
  /** The title's heading level in the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4
  /** Hide the regions and grapes lines (compact suggestion cards). @default false */
  compact?: boolean
  className?: string
  /** What the card offers under its markers (the sommelier's "Add to cart"). */
  children?: ReactNode
}

/** A badge's text: the translated name of a known badge, else the record's own title. */
function badgeLabel(t: TFunction, badge: WineBadgeRecord): string {
  const known = wineBadgeOf(badge.image)
  if (known) return t(`wine.${known}`)
  return badge.title || badgeFallbackLabel(badge.image)
}

/** Drawn when a wine has no label picture (or it fails to load): a plain bottle label. */
function LabelFallback() {
  return (
    <svg
      className={styles.fallback}
      viewBox="0 0 120 160"
      aria-hidden="true"
      focusable="false"
      data-label-fallback=""
    >
      <rect x="8" y="8" width="104" height="144" rx="6" fill="#f4efe9" stroke="#d8cfc4" />
      <path
        d="M30 52h60M30 68h60M42 84h36"
        stroke="#b9ab9b"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="60" cy="118" r="14" fill="none" stroke="#b9ab9b" strokeWidth="4" />
    </svg>
  )
}

/**
 * One wine of the search index as a card: title link, estate line, regions, grapes, label image
 * (or a drawn fallback), colour dot, translated type and method badges and the price level as
 * euro signs. Purely presentational; every server text is rendered as text.
 */
export function HitCard({
  hit,
  locale,
  headingLevel = 3,
  compact = false,
  className,
  children,
}: HitCardProps) {
  // The card may speak another locale than its root (the search panel's index locale).
  const { t } = useTranslation('wine', { i18n: i18nFor(locale) })
  const [labelFailed, setLabelFailed] = useState(false)

  const Heading = `h${headingLevel}` as const
  const color = wineColorOf(hit.c?.color)
  const colorName = color ? t(`wine.${color}`) : ''
  const signs = priceLevelSigns(hit.price_level)
  const label = labelFailed ? undefined : hit.label[0]
  const badges = [...hit.t, ...hit.m]

  return (
    <article className={[styles.card, className].filter(Boolean).join(' ')} lang={locale}>
      <div className={styles.media}>
        {label ? (
          <img
            className={styles.label}
            src={label}
            alt={t('wine.labelOf', { title: hit.title })}
            loading="lazy"
            decoding="async"
            width={120}
            height={160}
            onError={() => setLabelFailed(true)}
          />
        ) : (
          <LabelFallback />
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          {hit.url ? <a href={hit.url}>{hit.title}</a> : hit.title}
        </Heading>
        {hit.e && <p className={styles.estate}>{hit.e}</p>}
        {!compact && hit.r.length > 0 && (
          <p className={styles.line}>
            <span className={styles.srOnly}>{t('wine.regions')} </span>
            {hit.r.map((r) => r.title).join(' · ')}
          </p>
        )}
        {!compact && hit.g.length > 0 && (
          <p className={styles.line}>
            <span className={styles.srOnly}>{t('wine.grapes')} </span>
            {hit.g.map((g) => g.title).join(', ')}
          </p>
        )}
        <div className={styles.markers}>
          {color && (
            <span
              role="img"
              aria-label={t('wine.color', { color: colorName })}
              title={colorName}
              className={styles.dot}
              data-color={color}
            />
          )}
          {badges.map((badge, i) => {
            const text = badgeLabel(t, badge)
            return badge.image ? (
              <img
                key={`${badge.image}-${i}`}
                className={styles.badge}
                src={badge.image}
                alt={text}
                title={text}
                width={22}
                height={22}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span key={`${badge.title}-${i}`} className={styles.chip}>
                {text}
              </span>
            )
          })}
          {signs && (
            <span
              role="img"
              aria-label={t('wine.priceLevel', { level: hit.price_level })}
              className={styles.price}
            >
              {signs}
            </span>
          )}
        </div>
        {children}
      </div>
    </article>
  )
}
