import { files, load } from 'virtual:wine-texts'
import { isLocale, type Locale } from '../domain/types'
import { isRecord } from '../domain/is-record'
import type en from '../../locales/en.json'

/**
 * The text files the build makes from `locales/*.json` (the `wine-texts` plugin in
 * build/texts-plugin.ts): one per widget, or per group of widgets that load together
 * (mount/bundles.ts), each holding `common` and every namespace its widgets' code names. They are
 * read as they are here; i18next reads them through its backend (./i18n.ts), and a widget drawn
 * without React gets its namespace as it is (mount/dom-root.ts), so a page of such widgets loads
 * no i18next. No React, no i18next: this module is in the page base chunk.
 */
export type Namespace = string

/** What a text file holds, by namespace: the locale files' shape (a test keeps them alike). */
export type LocaleTexts = typeof en

/** Always loaded: the error-boundary fallback and a few shared words. */
export const COMMON_NAMESPACE = 'common'

// Module-level on purpose (docs/architecture.md, "The page context"): the reads mirror the
// browser's module map of text files, which is per document (a failed import stays failed).
const reads = new Map<string, Promise<Record<string, unknown>>>()

/** Whether the build made a text file of this name (the widgets' files: mount/bundles.ts). */
export const hasTextFile = (file: string): boolean => file in files

/** The namespaces a text file holds (none for a name the build did not make). */
export const namespacesOf = (file: string): readonly Namespace[] => files[file] ?? []

/** Every namespace the build knows. */
export const allNamespaces = (): Namespace[] => [...new Set(Object.values(files).flat())]

/** The smallest text file that holds a namespace. */
export function fileOf(ns: Namespace): string {
  const holders = Object.entries(files).filter(([, namespaces]) => namespaces.includes(ns))
  const [best] = holders.sort(([, a], [, b]) => a.length - b.length)
  if (!best) throw new Error(`[wine-widgets] Unknown text namespace "${ns}"`)
  return best[0]
}

/** Imports one text file of a locale (once): its namespaces, by name. */
export function readTextFile(locale: Locale, file: string): Promise<Record<string, unknown>> {
  const id = `${locale}|${file}`
  let read = reads.get(id)
  if (!read) {
    read = isLocale(locale)
      ? load(locale, file).then((m) => m.default)
      : Promise.reject(new Error(`[wine-widgets] No texts for "${String(locale)}"`))
    reads.set(id, read)
  }
  return read
}

/** One namespace of a text file; rejects when the file or the namespace is not there. */
export async function readNamespace(
  locale: Locale,
  ns: Namespace,
  file: string = fileOf(ns),
): Promise<Record<string, unknown>> {
  const texts = (await readTextFile(locale, file))[ns]
  if (!isRecord(texts)) throw new Error(`[wine-widgets] No texts for "${locale}/${ns}"`)
  return texts
}

/**
 * The texts of a widget drawn without React: its text file as it is, by namespace (no i18next on
 * the page). The file was made from the locale files, which a test keeps key for key alike, so
 * reading it with their shape is sound.
 */
export async function readDomTexts(locale: Locale, file: string): Promise<LocaleTexts> {
  const texts = await readTextFile(locale, file)
  const missing = namespacesOf(file).filter((ns) => !isRecord(texts[ns]))
  if (missing.length > 0)
    throw new Error(`[wine-widgets] Texts failed to load: ${locale}/${missing.join(', ')}`)
  // The namespaces this widget names are in the file (build/texts-plugin.ts); see above.
  return texts as LocaleTexts
}

/** Every text file of a locale, as one (a test's own widget drawn without React has no file). */
export async function readAllDomTexts(locale: Locale): Promise<LocaleTexts> {
  const all = await Promise.all(Object.keys(files).map((file) => readDomTexts(locale, file)))
  return Object.assign({}, ...all) as LocaleTexts // every file has the locale files' shape
}

/** How a renderer of widgets drawn without React loads their texts (mount/widget-code.ts). */
export const domTexts = { file: readDomTexts, all: readAllDomTexts }
