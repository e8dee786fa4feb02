import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { LOCALES, isLocale, type Locale } from '../domain/types'
import { currentPage, pageSlot, type PageContext } from '../page/page-context'
import { reportError } from '../report/report'
import {
  COMMON_NAMESPACE,
  allNamespaces,
  fileOf,
  namespacesOf,
  readNamespace,
  type Namespace,
} from './text-files'

/**
 * The widgets' texts through i18next and react-i18next, as their docs intend
 * (docs/decisions.md, "Texts through i18next, one file per bundle"):
 * - Each top-level key of `locales/*.json` is an i18next namespace (`cart`, `wine`, `common`…).
 *   Components name the namespaces they use once, in react-i18next's
 *   `useTranslation(['search', 'wine'])`, and suspend until they are loaded; keys keep their
 *   namespace in front (`t('wine.red')`).
 * - i18next-resources-to-backend reads a namespace by `import()` of the build's text files
 *   (./text-files.ts): one small file per locale and widget (or group of widgets that load
 *   together), so a page downloads only its widgets' texts; the runtime loads a widget's file in
 *   parallel with its code.
 * - One i18next instance per page (a page slot: a test's fresh page has a fresh one); each locale
 *   a root renders in has a clone of it (one resource store, one backend) with its own language,
 *   given to the root's `I18nextProvider`.
 */
export type { Namespace, TFunction }
export { COMMON_NAMESPACE }

interface PageTexts {
  instance: I18n
  byLocale: Map<Locale, I18n>
  /**
   * The file each `locale|namespace` is read from: that of the widget that asked for it first.
   * `common`, `login` and `wine` are in several files; reading each from the smallest file
   * holding it would be another request, and a round trip, before the widget renders.
   */
  fileFor: Map<string, string>
  /** Why a `locale|namespace` could not be read, and who waits to hear it (mount/root.tsx). */
  failures: Map<string, Error>
  listeners: Set<() => void>
  /** Missing texts already reported: once each. */
  reported: Set<string>
}

const pageTexts = pageSlot<PageTexts>(() => {
  const texts: PageTexts = {
    byLocale: new Map(),
    fileFor: new Map(),
    failures: new Map(),
    listeners: new Set(),
    reported: new Set(),
    instance: createInstance({
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
      // A missing text shows its whole key (`cart.title`), is reported once per page.
      appendNamespaceToMissingKey: true,
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => {
        const id = `${lngs.join(',')}|${ns}.${key}`
        if (texts.reported.has(id)) return
        texts.reported.add(id)
        reportError({ area: 'texts', message: `Missing text "${ns}.${key}" (${lngs.join(', ')})` })
      },
    }),
  }
  texts.instance.use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const id = `${language}|${namespace}`
      try {
        if (!isLocale(language)) throw new Error(`[wine-widgets] No texts for "${language}"`)
        return await readNamespace(language, namespace, texts.fileFor.get(id) ?? fileOf(namespace))
      } catch (error) {
        // i18next keeps only that the read failed: `loadNamespaces` and the root say why (the
        // cause: an import stopped by the page going away is recognised as such).
        texts.failures.set(
          id,
          error instanceof Error
            ? error
            : new Error(`[wine-widgets] Texts failed to load: ${language}/${namespace}`, {
                cause: error,
              }),
        )
        for (const listener of texts.listeners) listener()
        throw error
      }
    }),
  )
  // No language: the page's instance renders nothing itself, its clones do.
  void texts.instance.init()
  return texts
})

/** The i18next instance of a locale in a page (what a root in that locale renders with). */
export function i18nFor(locale: Locale, page: PageContext = currentPage()): I18n {
  const texts = pageTexts.of(page)
  let instance = texts.byLocale.get(locale)
  if (!instance) {
    // Its own namespace list: a clone loads, for its language, only what its roots name; none at
    // init (`common` comes with the first text file, not from a file of its own). Synchronous
    // init, so the language is set before the first `loadNamespaces`.
    instance = texts.instance.cloneInstance({ lng: locale, ns: [], initAsync: false })
    texts.byLocale.set(locale, instance)
  }
  return instance
}

/** The first failed read of one of `namespaces` in a page, if any (mount/root.tsx). */
export function textFailure(
  namespaces: readonly Namespace[],
  page: PageContext = currentPage(),
): Error | undefined {
  const { failures } = pageTexts.of(page)
  for (const [id, error] of failures)
    if (namespaces.includes(id.slice(id.indexOf('|') + 1))) return error
  return undefined
}

/** Calls `listener` when a text read fails in a page; returns the unsubscribe function. */
export function onTextFailure(listener: () => void, page: PageContext = currentPage()) {
  const { listeners } = pageTexts.of(page)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * Load namespaces of a locale (default: all) and `common`; resolves to that locale's instance,
 * rejects when one could not be loaded (the runtime then shows the widget's failure).
 */
export async function loadNamespaces(
  locale: Locale,
  namespaces: readonly Namespace[] = allNamespaces(),
  page: PageContext = currentPage(),
): Promise<I18n> {
  if (!isLocale(locale)) throw new Error(`[wine-widgets] No texts for "${String(locale)}"`)
  const i18n = i18nFor(locale, page)
  const wanted = [...new Set([COMMON_NAMESPACE, ...namespaces])]
  // i18next resolves once every read has ended, whether it succeeded or not.
  await i18n.loadNamespaces(wanted)
  const missing = wanted.filter((ns) => !i18n.hasResourceBundle(locale, ns))
  if (missing.length > 0) {
    const { failures } = pageTexts.of(page)
    throw new Error(`[wine-widgets] Texts failed to load: ${locale}/${missing.join(', ')}`, {
      cause: missing.map((ns) => failures.get(`${locale}|${ns}`)).find(Boolean),
    })
  }
  return i18n
}

/**
 * Load one text file of a locale: every namespace it holds is read from this one import, not
 * from the smallest file holding each (see `fileFor`).
 */
export function loadTextFile(
  locale: Locale,
  file: string,
  page: PageContext = currentPage(),
): Promise<I18n> {
  const namespaces = namespacesOf(file)
  if (namespaces.length === 0)
    return Promise.reject(new Error(`[wine-widgets] Unknown text file "${file}"`))
  const { fileFor } = pageTexts.of(page)
  for (const ns of namespaces)
    if (!fileFor.has(`${locale}|${ns}`)) fileFor.set(`${locale}|${ns}`, file)
  return loadNamespaces(locale, namespaces, page)
}

/** A translate function in one locale, outside React (tests, scripts). */
export async function getT(locale: Locale, namespaces?: readonly Namespace[]): Promise<TFunction> {
  return (await loadNamespaces(locale, namespaces)).getFixedT(locale)
}
