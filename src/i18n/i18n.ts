import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import type { Locale } from '../domain/types'

/** One lazily loaded chunk per locale: a page only downloads the texts it shows. */
const loaders: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../locales/en.json'),
  fr: () => import('../../locales/fr.json'),
  nl: () => import('../../locales/nl.json'),
}

let instance: Promise<I18n> | null = null
const loaded = new Map<Locale, Promise<void>>()

function getInstance(): Promise<I18n> {
  instance ??= (async () => {
    const i18n = createInstance()
    await i18n.init({
      lng: 'fr',
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false }, // React escapes; texts are never rendered as HTML.
      returnNull: false,
    })
    return i18n
  })()
  return instance
}

/** Make sure a locale's texts are loaded; resolves to the shared i18next instance. */
export async function loadLocale(locale: Locale): Promise<I18n> {
  const i18n = await getInstance()
  let p = loaded.get(locale)
  if (!p) {
    p = loaders[locale]().then((m) => {
      i18n.addResourceBundle(locale, 'translation', m.default, true, true)
    })
    loaded.set(locale, p)
  }
  await p
  return i18n
}

/** A translate function bound to one locale (each root may have its own locale). */
export async function getT(locale: Locale): Promise<TFunction> {
  return (await loadLocale(locale)).getFixedT(locale)
}
