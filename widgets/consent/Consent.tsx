import { useEffect, useRef, useState } from 'react'
import { LOCALES, type Locale } from '../../src/domain/types'
import type { WidgetComponentProps } from '../../src/props/schema'
import { answerConsent, CONSENT_OPEN_EVENT, hasConsentCookie } from '../../src/consent/consent'
import { requestConsentOpen } from '../../src/consent/open-event'
import { useTranslation } from 'react-i18next'
import type { ConsentProps } from './props'
import styles from './Consent.module.css'

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
 * The overlay is hidden on the privacy page of any locale, with or without a
 * trailing slash, and on the page a custom `privacyUrl` points to.
 */
function isPrivacyPage(privacyUrl: string): boolean {
  const here = trimSlash(window.location.pathname)
  if (LOCALES.some((locale) => here === privacyPath(locale))) return true
  const target = pathOf(privacyUrl)
  return target !== null && target !== '/' && trimSlash(target) === here
}

/**
 * Cookie consent: a non-modal region at the bottom of the page with Accept and Refuse, equal in
 * every way (one class, side by side), each stored for a year. A click elsewhere or Escape hides
 * it for this page view only, without an answer (no answer is no consent). The banner shows
 * itself to visitors who have not answered; with `data-settings` the widget is a button that
 * opens it again, as does `WineWidgets.consent.open()` (the open event).
 */
export default function Consent({ props, locale }: WidgetComponentProps<ConsentProps>) {
  const { t } = useTranslation('consent')
  const privacyUrl = props.privacyUrl?.trim() || privacyPath(locale)
  const [visible, setVisible] = useState(
    () => !props.settings && !hasConsentCookie() && !isPrivacyPage(privacyUrl),
  )
  // Opened on request (not shown by itself): focus moves into it, so a keyboard user is there.
  const [requested, setRequested] = useState(false)
  const banner = useRef<HTMLElement>(null)
  // Where keyboard focus came from when it entered the banner: it goes back there when the
  // banner closes with focus inside, instead of falling to the page's body with the button.
  const cameFrom = useRef<HTMLElement | null>(null)
  const hide = () => {
    const inside = banner.current?.contains(document.activeElement) ?? false
    setVisible(false)
    setRequested(false)
    const back = cameFrom.current
    if (inside && back?.isConnected) back.focus()
  }
  const open = () => {
    const from = document.activeElement
    cameFrom.current = from instanceof HTMLElement && from !== document.body ? from : null
    setVisible(true)
    setRequested(true)
  }

  useEffect(() => {
    if (visible && requested) banner.current?.focus()
  }, [visible, requested])

  // One widget answers the open request: the first one cancels it for the others. The host's
  // `WineWidgets.consent.open()` is set here, not in the library entry (its 6 KB budget).
  useEffect(() => {
    const api = window.WineWidgets
    if (api && !api.consent) api.consent = { open: requestConsentOpen }
    const onOpen = (event: Event) => {
      if (event.defaultPrevented) return
      event.preventDefault()
      open()
    }
    window.addEventListener(CONSENT_OPEN_EVENT, onOpen)
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, onOpen)
  }, [])

  useEffect(() => {
    if (!visible) return
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && banner.current?.contains(event.target)) return
      setVisible(false)
      setRequested(false)
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

  const answer = (allow: boolean) => {
    answerConsent(allow)
    hide()
  }

  return (
    <>
      {props.settings && (
        <button type="button" className={styles.settings} onClick={open}>
          {t('consent.settings')}
        </button>
      )}
      {visible && (
        <section
          ref={banner}
          className={styles.banner}
          aria-label={t('consent.label')}
          tabIndex={-1}
        >
          <p className={styles.text}>
            {t('consent.text')}{' '}
            <a className={styles.link} href={privacyUrl}>
              {t('consent.privacy')}
            </a>
          </p>
          <div className={styles.choices}>
            <button type="button" className={styles.choice} onClick={() => answer(true)}>
              {t('consent.accept')}
            </button>
            <button type="button" className={styles.choice} onClick={() => answer(false)}>
              {t('consent.refuse')}
            </button>
          </div>
        </section>
      )}
    </>
  )
}
