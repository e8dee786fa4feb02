import { createContext, use, useContext, useMemo } from 'react'
import type { TFunction, i18n as I18n } from 'i18next'
import type { Locale } from '../domain/types'
import { allNamespaces, textsPending, type Namespace } from './i18n'

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

/**
 * Translate in the root's locale. Name the namespaces the component's keys use:
 * `const t = useT('giftbox')` then `t('giftbox.title')`. The component suspends until those
 * texts are loaded (usually they already are: the runtime preloads a definition's `texts`).
 * Without arguments it waits for every namespace (correct, but downloads them all).
 */
export function useT(...namespaces: Namespace[]): TFunction {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useT must be used inside a widget root')
  return useTIn(value.locale, ...namespaces)
}

/** Like `useT`, in a locale other than the root's (e.g. the search panel's index locale). */
export function useTIn(locale: Locale, ...namespaces: Namespace[]): TFunction {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useTIn must be used inside a widget root')
  const { i18n } = value
  const pending = textsPending(locale, namespaces.length ? namespaces : allNamespaces(locale))
  use(pending)
  return useMemo(() => i18n.getFixedT(locale), [i18n, locale])
}
