import { createInstance, type BackendModule, type i18n as I18n, type TFunction } from 'i18next'
import { files, load } from 'virtual:wine-texts'
import { LOCALES, isLocale, type Locale } from '../domain/types'
import { isRecord } from '../domain/is-record'
import { reportError } from '../report/report'

/**
 * The widgets' texts through i18next and react-i18next, as their docs intend:
 * - Each top-level key of `locales/*.json` is an i18next namespace (`cart`, `wine`, `common`…).
 *   Components name the namespaces they use once, in `useTranslation(['search', 'wine'])`, and
 *   suspend until they are loaded; keys keep their namespace in front (`t('wine.red')`).
 * - A backend reads a namespace from the build's text files (the `wine-texts` plugin in
 *   vite.config.ts): one small file per locale holds the namespaces of one widget, or of widgets
 *   that load together (mount/bundles.ts), so a page downloads only its widgets' texts, in a few
 *   requests; the runtime preloads a widget's file in parallel with its code.
 * - One i18next instance per page; each locale a root renders in has a clone of it (one resource
 *   store, one backend) with its own language, given to the root's `I18nextProvider`.
 */
export type Namespace = string

/** Always loaded: the error-boundary fallback and a few shared words. */
export const COMMON_NAMESPACE = 'common'

/** The smallest text file that holds a namespace. */
function fileOf(ns: Namespace): string {
  const holders = Object.entries(files).filter(([, namespaces]) => namespaces.includes(ns))
  const [best] = holders.sort(([, a], [, b]) => a.length - b.length)
  if (!best) throw new Error(`[wine-widgets] Unknown text namespace "${ns}"`)
  return best[0]
}

/**
 * i18next backend over the text files. Importing a file twice costs nothing (one module per URL),
 * so every namespace of a file the runtime preloaded reads at once.
 */
const textFilesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const fail = (error: unknown) => {
      // i18next keeps only that the read failed: `loadNamespaces` reports why (as the cause, so
      // an import stopped by the page going away is recognised as such: src/report/page-leave).
      readFailures.set(`${language}|${namespace}`, error)
      callback(error instanceof Error ? error : new Error(String(error)), false)
    }
    if (!isLocale(language)) {
      fail(new Error(`[wine-widgets] No texts for "${language}"`))
      return
    }
    let file: string
    try {
      file = fileOf(namespace)
    } catch (error) {
      fail(error)
      return
    }
    load(language, file).then((m) => {
      const texts = m.default[namespace]
      if (isRecord(texts)) callback(null, texts)
      else fail(new Error(`[wine-widgets] No texts for "${language}/${namespace}"`))
    }, fail)
  },
}

// Module-level on purpose (docs/architecture.md, "The page context"): the texts are immutable and mirror the
// browser's module map of text files, which is per document (a failed import stays failed).

/** Why the last read of a `locale|namespace` failed. */
const readFailures = new Map<string, unknown>()

let page: I18n | null = null
const byLocale = new Map<Locale, I18n>()

function pageInstance(): I18n {
  if (!page) {
    page = createInstance({
      ns: [COMMON_NAMESPACE],
      defaultNS: COMMON_NAMESPACE,
      // One separator for namespace and key: `t('cart.title')` reads `title` of namespace `cart`.
      // i18next splits a namespace off only when it is one of the instance's namespaces (those
      // named by `useTranslation` so far), otherwise the key is looked up in the default one.
      nsSeparator: '.',
      keySeparator: '.',
      supportedLngs: [...LOCALES],
      fallbackLng: false,
      interpolation: { escapeValue: false }, // React escapes; texts are never rendered as HTML.
      react: { useSuspense: true },
      // A text file that failed to import stays failed in the browser's module map: no retries.
      maxRetries: 0,
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) =>
        reportError({
          area: 'texts',
          message: `Missing text "${ns}.${key}" (${lngs.join(', ')})`,
        }),
    })
    page.use(textFilesBackend)
    // No language: the page's instance renders nothing itself, its clones do.
    void page.init()
  }
  return page
}

/** The i18next instance of a locale (what a root in that locale renders with). */
export function i18nFor(locale: Locale): I18n {
  let instance = byLocale.get(locale)
  if (!instance) {
    // Its own namespace list: a clone loads, for its language, only what its roots name; none at
    // init (`common` comes with the first text file, not from a file of its own).
    // Synchronous init, so the language is set before the first `loadNamespaces`.
    instance = pageInstance().cloneInstance({
      lng: locale,
      ns: [],
      initAsync: false,
    })
    byLocale.set(locale, instance)
  }
  return instance
}

/** Whether the build made a text file of this name (the widgets' files: mount/bundles.ts). */
export const hasTextFile = (file: string): boolean => file in files

/** Every namespace the build knows. */
export const allNamespaces = (): Namespace[] => [...new Set(Object.values(files).flat())]

/**
 * Load namespaces of a locale (default: all) and `common`; resolves to that locale's instance,
 * rejects when one could not be loaded (the runtime then shows the widget's failure).
 */
export async function loadNamespaces(
  locale: Locale,
  namespaces: readonly Namespace[] = allNamespaces(),
): Promise<I18n> {
  const i18n = i18nFor(locale)
  const wanted = [...new Set([COMMON_NAMESPACE, ...namespaces])]
  await i18n.loadNamespaces(wanted)
  const missing = wanted.filter((ns) => !i18n.hasResourceBundle(locale, ns))
  if (missing.length > 0)
    throw new Error(`[wine-widgets] Texts failed to load: ${locale}/${missing.join(', ')}`, {
      cause: missing.map((ns) => readFailures.get(`${locale}|${ns}`)).find(Boolean),
    })
  return i18n
}

/**
 * Load one text file of a locale (every namespace it holds). The file's namespaces go into the
 * store from this one import before i18next is asked for them: its backend reads per namespace,
 * and would take a namespace the file shares with others (`common`, `login`, `wine`) from the
 * smallest file holding it, another request and a round trip more before the widget renders.
 */
export async function loadTextFile(locale: Locale, file: string): Promise<I18n> {
  const namespaces = files[file]
  if (!namespaces) throw new Error(`[wine-widgets] Unknown text file "${file}"`)
  const i18n = i18nFor(locale)
  try {
    const texts = (await load(locale, file)).default
    for (const ns of namespaces) {
      const bundle = texts[ns]
      if (isRecord(bundle) && !i18n.hasResourceBundle(locale, ns))
        i18n.addResourceBundle(locale, ns, bundle)
    }
  } catch {
    // Left to the backend below, which reads the file again and reports why it failed.
  }
  return loadNamespaces(locale, namespaces)
}

/** A translate function in one locale, outside React (tests, scripts). */
export async function getT(locale: Locale, namespaces?: readonly Namespace[]): Promise<TFunction> {
  return (await loadNamespaces(locale, namespaces)).getFixedT(locale)
}
