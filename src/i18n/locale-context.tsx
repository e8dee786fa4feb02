import { createContext, useContext, useMemo } from 'react'
import type { TFunction, i18n as I18n } from 'i18next'
import type { Locale } from '../domain/types'

interface LocaleValue {
  locale: Locale
  i18n: I18n
}

export const LocaleContext = createContext<LocaleValue | null>(null)

/** The locale of the widget root this component renders in. */
export function useLocale(): Locale {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useLocale must be used inside a widget root')
  return value.locale
}

/** Translate in the root's locale. Keys are namespaced: `t('giftbox.title')`. */
export function useT(): TFunction {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useT must be used inside a widget root')
  const { i18n, locale } = value
  return useMemo(() => i18n.getFixedT(locale), [i18n, locale])
}
