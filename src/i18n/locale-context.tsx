import { createContext, useContext } from 'react'
import type { Locale } from '../domain/types'

/**
 * The locale of a widget root, for what texts do not do: formatting money and dates through
 * `Intl`, choosing an index or a URL. Texts come from react-i18next's `useTranslation`, whose
 * `I18nextProvider` in mount/root.tsx already speaks the root's locale.
 */
export const LocaleContext = createContext<Locale | null>(null)

/** The locale of the widget root this component renders in. */
export function useLocale(): Locale {
  const locale = useContext(LocaleContext)
  if (!locale) throw new Error('useLocale must be used inside a widget root')
  return locale
}
