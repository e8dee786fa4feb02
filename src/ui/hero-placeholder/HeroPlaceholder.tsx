import styles from './HeroPlaceholder.module.css'

export interface HeroPlaceholderProps {
  className?: string
}

/**
 * Drawn in place of an entry's hero image when it has none (or it fails to load): a wine glass
 * and a small bunch of grapes, centred on a tinted ground. It fills the box it is put in (that box
 * keeps the image's reserved aspect ratio, so nothing moves), is purely decorative
 * (`aria-hidden`) and leaves the entry's title to the text that goes with it.
 */
export function HeroPlaceholder({ className }: HeroPlaceholderProps) {
  return (
    <svg
      className={[styles.placeholder, className].filter(Boolean).join(' ')}
      viewBox="0 0 160 100"
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      focusable="false"
      data-hero-placeholder=""
    >
      {/* The glass: bowl, the wine in it, stem and foot. */}
      <path
        d="M71.2 44 H88.8 C88.4 51 86 55.4 80 57 C74 55.4 71.6 51 71.2 44 Z"
        fill="#9b3553"
        opacity="0.8"
      />
      <g
        fill="none"
        stroke="#7a4658"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M70 30 H90 C90.8 42 88.5 55.5 80 57.5 C71.5 55.5 69.2 42 70 30 Z" />
        <path d="M80 57.5 V72" />
        <path d="M71 74 Q80 70.5 89 74" />
      </g>
      {/* A few grapes beside it. */}
      <g fill="#c7a0ad">
        <circle cx="99" cy="62" r="2.6" />
        <circle cx="104.4" cy="62" r="2.6" />
        <circle cx="101.7" cy="66.6" r="2.6" />
        <circle cx="107.1" cy="66.6" r="2.6" />
        <circle cx="104.4" cy="71.2" r="2.6" />
      </g>
      <path
        d="M101.7 59.6 Q103 55.5 106.5 54.5"
        fill="none"
        stroke="#8a6d76"
        strokeWidth="1"
        strokeLinecap="round"
      />
    </svg>
  )
}
