import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import { loaders } from 'virtual:wine-texts'
import type { Locale } from '../domain/types'

/**
 * Texts are split per locale AND per top-level namespace of `locales/*.json` (see the
 * `wine-texts` plugin in vite.config.ts): a page downloads only the namespaces its widgets use.
 * Components name the namespaces they need with `useT('cart', 'droplets')`; widget definitions
 * may list them (`texts`) so the runtime fetches them in parallel with the widget's code.
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
        console.error(`[wine-widgets] Missing text "${key}" (${lngs.join(', ')})`),
      saveMissing: true,
    })
    return i18n
  })()
  return instance
}

/** Every namespace of a locale (what `useT()` without arguments waits for). */
export function allNamespaces(locale: Locale): Namespace[] {
  return Object.keys(loaders[locale])
}

function loadOne(locale: Locale, ns: Namespace): Tracked {
  const key = `${locale}/${ns}`
  let p = loaded.get(key)
  if (!p) {
    const load = loaders[locale][ns]
    if (!load) throw new Error(`[wine-widgets] Unknown text namespace "${ns}"`)
    p = Promise.all([getInstance(), load()]).then(([i18n, m]) => {
      i18n.addResourceBundle(locale, 'translation', m.default, true, true)
      // Lets React's `use()` read it synchronously from now on.
      ;(p as Tracked).status = 'fulfilled'
    }) as Tracked
    // A failed chunk may be retried by the next render.
    p.catch(() => loaded.delete(key))
    loaded.set(key, p)
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
