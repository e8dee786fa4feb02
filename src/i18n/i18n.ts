import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import { files, load } from 'virtual:wine-texts'
import type { Locale } from '../domain/types'
import { reportError } from '../report/report'

/**
 * Texts are split per locale AND per text file (see the `wine-texts` plugin in vite.config.ts
 * and mount/bundles.ts): a file holds the namespaces (top-level keys of `locales/*.json`) of one
 * widget or of widgets that load together, so a page downloads only the texts of its widgets,
 * in a few requests. Components name the namespaces they need with `useT('cart', 'droplets')`;
 * the runtime loads a widget's text file (`loadTexts`) in parallel with its code.
 */
export type Namespace = string

/** Always loaded: the error-boundary fallback and a few shared words. */
export const COMMON_NAMESPACE = 'common'

type Tracked = Promise<void> & { status?: 'fulfilled'; value?: undefined }

let instance: Promise<I18n> | null = null
const loaded = new Map<string, Tracked>()

function getInstance(): Promise<I18n> {
  instance ??= (async () => {
    const i18n = createInstance()
    await i18n.init({
      lng: 'fr',
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false }, // React escapes; texts are never rendered as HTML.
      returnNull: false,
      missingKeyHandler: (lngs, _ns, key) =>
        reportError({ area: 'texts', message: `Missing text "${key}" (${lngs.join(', ')})` }),
      saveMissing: true,
    })
    return i18n
  })()
  return instance
}

/** Every namespace of a locale (what `useT()` without arguments waits for). */
export function allNamespaces(_locale: Locale): Namespace[] {
  return [...new Set(Object.values(files).flat())]
}

/** The smallest text file that holds a namespace. */
function fileOf(ns: Namespace): string {
  const holders = Object.entries(files).filter(([, namespaces]) => namespaces.includes(ns))
  const [best] = holders.sort(([, a], [, b]) => a.length - b.length)
  if (!best) throw new Error(`[wine-widgets] Unknown text namespace "${ns}"`)
  return best[0]
}

/** Whether the build made a text file of this name (the widgets' files: mount/bundles.ts). */
export const hasTextFile = (file: string): boolean => file in files

/**
 * Load one text file of a locale (each of its namespaces is marked loaded, so `useT` of any of
 * them does not suspend); resolves to the shared i18next instance.
 */
export async function loadTexts(locale: Locale, file: string): Promise<I18n> {
  const namespaces = files[file]
  if (!namespaces) throw new Error(`[wine-widgets] Unknown text file "${file}"`)
  const missing = namespaces.filter((ns) => !loaded.has(`${locale}/${ns}`))
  if (missing.length > 0) {
    const p = Promise.all([getInstance(), load(locale, file)]).then(([i18n, m]) => {
      i18n.addResourceBundle(locale, 'translation', m.default, true, true)
      // Lets React's `use()` read it synchronously from now on.
      ;(p as Tracked).status = 'fulfilled'
    }) as Tracked
    // A failed file may be retried by the next render.
    p.catch(() => {
      for (const ns of missing)
        if (loaded.get(`${locale}/${ns}`) === p) loaded.delete(`${locale}/${ns}`)
    })
    for (const ns of missing) loaded.set(`${locale}/${ns}`, p)
  }
  await Promise.all(namespaces.map((ns) => loaded.get(`${locale}/${ns}`)))
  return getInstance()
}

function loadOne(locale: Locale, ns: Namespace): Tracked {
  const key = `${locale}/${ns}`
  let p = loaded.get(key)
  if (!p) {
    // loadTexts marks the file's namespaces before its first await.
    void loadTexts(locale, fileOf(ns)).catch(() => undefined)
    p = loaded.get(key) ?? Promise.reject(new Error(`[wine-widgets] No texts for "${key}"`))
  }
  return p
}

/** Load namespaces of a locale (default: all); resolves to the shared i18next instance. */
export async function loadLocale(locale: Locale, namespaces?: readonly Namespace[]): Promise<I18n> {
  const wanted = namespaces ?? allNamespaces(locale)
  await Promise.all([COMMON_NAMESPACE, ...wanted].map((ns) => loadOne(locale, ns)))
  return getInstance()
}

/** Already settled, and marked so: React's `use()` reads it without suspending. */
const DONE: Tracked = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
})

/**
 * For `useT`: a promise for the namespaces, the same object on every render until it settles
 * (what React's `use()` needs), and an already-settled one once they are loaded. `use()` must be
 * called on every render of a component that once suspended, so this never returns null.
 */
const pending = new Map<string, Tracked>()
export function textsPending(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => loaded.get(`${locale}/${ns}`)?.status !== 'fulfilled')
  if (missing.length === 0) return DONE
  const key = `${locale}:${missing.join(',')}`
  let p = pending.get(key)
  if (!p) {
    p = loadLocale(locale, missing).then(() => {
      ;(p as Tracked).status = 'fulfilled'
      pending.delete(key)
    }) as Tracked
    pending.set(key, p)
  }
  return p
}

/** A translate function bound to one locale (each root may have its own locale). */
export async function getT(locale: Locale, namespaces?: readonly Namespace[]): Promise<TFunction> {
  return (await loadLocale(locale, namespaces)).getFixedT(locale)
}
