import { intlLocale } from '../../src/domain/money'
import type { Locale, User } from '../../src/domain/types'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useTranslation } from 'react-i18next'
import { clubPath, loginPath } from '../../src/session/routes'
import { useSession } from '../../src/session/use-session'
import styles from './UserMenu.module.css'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import { formatNumber } from '../../src/ui/number/format-number'

/** The badge letter: the name's first character, else the email's, else "?". */
function initialOf(user: User, locale: Locale): string {
  const first = Array.from(user.name.trim())[0] ?? Array.from(user.email.trim())[0] ?? '?'
  return first.toLocaleUpperCase(intlLocale(locale))
}

/** Header user menu: login icon when logged out, initial badge when logged in. */
export default function UserMenu({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('userMenu')
  const { isLoggedIn, user, points } = useSession()

  if (isLoggedIn && user) {
    const label = t('userMenu.badge', {
      name: user.name,
      points: formatNumber(points, locale),
    })
    return (
      <a className={styles.badge} href={clubPath(locale)} aria-label={label} title={label}>
        <span aria-hidden="true">{initialOf(user, locale)}</span>
      </a>
    )
  }

  const label = t('userMenu.login')
  return (
    <a className={styles.login} href={loginPath(locale)} title={label}>
      <DecorativeSvg className={styles.icon} viewBox="0 0 24 24">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
      </DecorativeSvg>
      <span className={styles.visuallyHidden}>{label}</span>
    </a>
  )
}
