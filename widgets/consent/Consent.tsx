import { useEffect, useRef, useState } from 'react'
import { LOCALES, type Locale } from '../../src/domain/types'
import type { WidgetComponentProps } from '../../src/props/schema'
import { giveConsent, hasConsentCookie } from '../../src/consent/consent'
import { useTranslation } from 'react-i18next'
import type { ConsentProps } from './props'
import styles from './Consent.module.css'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'

/** The same-origin path a link points to (null for fragments, other sites or unparsable URLs). */
function pathOf(url: string): string | null {
  if (url.startsWith('#')) return null
  try {
    const target = new URL(url, window.location.href)
    return target.origin === window.location.origin ? target.pathname : null
  } catch {
    return null
  }
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** The site's privacy page in a locale: the link's default, and a page the overlay never covers. */
const privacyPath = (locale: Locale) => `/${locale}/privacy`

/**
 * Spec section 2: the overlay is hidden on the privacy page of any locale, with or without a
 * trailing slash, and on the page a custom `privacyUrl` points to.
 */
function isPrivacyPage(privacyUrl: string): boolean {
  const here = trimSlash(window.location.pathname)
  if (LOCALES.some((locale) => here === privacyPath(locale))) return true
  const target = pathOf(privacyUrl)
  return target !== null && target !== '/' && trimSlash(target) === here
}

/**
 * Cookie consent banner: a non-modal region at the bottom of the page. The check button stores
 * the consent for a year; a click elsewhere on the page or Escape hides it for this page view only.
 */
export default function Consent({ props, locale }: WidgetComponentProps<ConsentProps>) {
  const { t } = useTranslation('consent')
  const privacyUrl = props.privacyUrl?.trim() || privacyPath(locale)
  const [visible, setVisible] = useState(() => !hasConsentCookie() && !isPrivacyPage(privacyUrl))
  const banner = useRef<HTMLElement>(null)
  // Where keyboard focus came from when it entered the banner: it goes back there when the
  // banner closes with focus inside, instead of falling to the page's body with the button.
  const cameFrom = useRef<HTMLElement | null>(null)
  const hide = () => {
    const inside = banner.current?.contains(document.activeElement) ?? false
    setVisible(false)
    const back = cameFrom.current
    if (inside && back?.isConnected) back.focus()
  }

  useEffect(() => {
    if (!visible) return
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && banner.current?.contains(event.target)) return
      setVisible(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget
      if (from instanceof HTMLElement && !banner.current?.contains(from)) cameFrom.current = from
    }
    const region = banner.current
    document.addEventListener('click', onClick, true)
    document.addEventListener('keydown', onKey)
    region?.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('keydown', onKey)
      region?.removeEventListener('focusin', onFocusIn)
    }
  }, [visible])

  if (!visible) return null

  const accept = () => {
    giveConsent()
    hide()
  }

  return (
    <section ref={banner} className={styles.banner} aria-label={t('consent.label')}>
      <p className={styles.text}>
        {t('consent.text')}{' '}
        <a className={styles.link} href={privacyUrl}>
          {t('consent.privacy')}
        </a>
      </p>
      <button type="button" className={styles.accept} onClick={accept}>
        <DecorativeSvg className={styles.icon} viewBox="0 0 24 24">
          <path d="M4.5 12.75l4.5 4.5 10.5-10.5" />
        </DecorativeSvg>
        {t('consent.accept')}
      </button>
    </section>
  )
}
