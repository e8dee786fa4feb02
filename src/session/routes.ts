import type { Locale } from '../domain/types'

/** The login page's localized word per locale. */
export const LOGIN_WORDS: Record<Locale, string> = {
  en: 'login',
  fr: 'se-loguer',
  nl: 'inloggen',
}

/** `/{locale}`: home, the target after logout. */
export const homePath = (locale: Locale) => `/${locale}`

/** `/{locale}/{login | se-loguer | inloggen}`: the login page. */
export const loginPath = (locale: Locale) => `/${locale}/${LOGIN_WORDS[locale]}`

/** `/{locale}/club`: the club page, linked from the logged-in user's badge. */
export const clubPath = (locale: Locale) => `/${locale}/club`
