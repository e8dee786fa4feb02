import { files, load } from 'virtual:wine-texts'
import { isLocale, type Locale } from '../domain/types'
import { isRecord } from '../domain/is-record'
import { reportError } from '../report/report'
import { Texts, type TFunction } from './texts'

/**
 * Loading the widgets' texts (./texts.ts reads them):
 * - Each top-level key of `locales/*.json` is a namespace (`cart`, `wine`, `common`…).
 *   Components name the namespaces they use once, in `useTranslation(['search', 'wine'])`, and
 *   suspend until they are loaded; keys keep their namespace in front (`t('wine.red')`).
 * - The build splits the locale files into small text files (the `wine-texts` plugin in
 *   build/texts-plugin.ts): one per widget, or per group of widgets that load together
 *   (mount/bundles.ts), so a page downloads only its widgets' texts, in a few requests; the
 *   runtime preloads a widget's file in parallel with its code.
 * - One `Texts` per locale and page, given to each root in that locale by `TextsProvider`.
 */
export type Namespace = string
export type { TFunction }

/** Always loaded: the error-boundary fallback and a few shared words. */
export const COMMON_NAMESPACE = 'common'

// Module-level on purpose (docs/architecture.md, "The page context"): the texts are immutable and
// mirror the browser's module map of text files, which is per document (a failed import stays
// failed: no retries).

const byLocale = new Map<Locale, Texts>()
/** Why the last read of a `locale|namespace` failed. */
const readFailures = new Map<string, unknown>()
/** Reads under way, by `locale|file`. */
const reading = new Map<string, Promise<void>>()

/** The smallest text file that holds a namespace. */
function fileOf(ns: Namespace): string {
  const holders = Object.entries(files).filter(([, namespaces]) => namespaces.includes(ns))
  const [best] = holders.sort(([, a], [, b]) => a.length - b.length)
  if (!best) throw new Error(`[wine-widgets] Unknown text namespace "${ns}"`)
  return best[0]
}

/** The texts of a locale (what a root in that locale renders with). */
export function localeTexts(locale: Locale): Texts {
  let texts = byLocale.get(locale)
  if (!texts) {
    texts = new Texts(locale, (key, lng) =>
      reportError({ area: 'texts', message: `Missing text "${key}" (${lng})` }),
    )
    byLocale.set(locale, texts)
  }
  return texts
}

/** Imports one text file of a locale into its texts: every namespace it holds. */
function readFile(locale: Locale, file: string): Promise<void> {
  const id = `${locale}|${file}`
  let read = reading.get(id)
  if (!read) {
    const texts = localeTexts(locale)
    read = load(locale, file).then(
      (m) => {
        for (const ns of files[file] ?? []) {
          const bundle = m.default[ns]
          if (isRecord(bundle)) texts.add(ns, bundle)
          else
            readFailures.set(
              `${locale}|${ns}`,
              new Error(`[wine-widgets] No texts for "${locale}/${ns}"`),
            )
        }
      },
      (error: unknown) => {
        // The cause is kept: an import stopped by the page going away is recognised as such
        // (src/report/page-leave).
        for (const ns of files[file] ?? []) readFailures.set(`${locale}|${ns}`, error)
      },
    )
    reading.set(id, read)
  }
  return read
}

/** Whether the build made a text file of this name (the widgets' files: mount/bundles.ts). */
export const hasTextFile = (file: string): boolean => file in files

/** Every namespace the build knows. */
export const allNamespaces = (): Namespace[] => [...new Set(Object.values(files).flat())]

/**
 * Load namespaces of a locale (default: all) and `common`; resolves to that locale's texts,
 * rejects when one could not be loaded (the runtime then shows the widget's failure).
 */
export async function loadNamespaces(
  locale: Locale,
  namespaces: readonly Namespace[] = allNamespaces(),
): Promise<Texts> {
  if (!isLocale(locale)) throw new Error(`[wine-widgets] No texts for "${String(locale)}"`)
  const texts = localeTexts(locale)
  const wanted = [...new Set([COMMON_NAMESPACE, ...namespaces])]
  const files = new Set<string>()
  for (const ns of wanted.filter((n) => !texts.has(n))) {
    try {
      files.add(fileOf(ns))
    } catch (error) {
      readFailures.set(`${locale}|${ns}`, error)
    }
  }
  await Promise.all([...files].map((file) => readFile(locale, file)))
  const missing = wanted.filter((ns) => !texts.has(ns))
  if (missing.length > 0)
    throw new Error(`[wine-widgets] Texts failed to load: ${locale}/${missing.join(', ')}`, {
      cause: missing.map((ns) => readFailures.get(`${locale}|${ns}`)).find(Boolean),
    })
  return texts
}

/**
 * Load one text file of a locale: every namespace it holds comes from this one import, not from
 * the smallest file holding each (`common`, `login`, `wine` are in several files), which would
 * be another request and a round trip more before the widget renders.
 */
export async function loadTextFile(locale: Locale, file: string): Promise<Texts> {
  const namespaces = files[file]
  if (!namespaces) throw new Error(`[wine-widgets] Unknown text file "${file}"`)
  if (isLocale(locale)) await readFile(locale, file)
  return loadNamespaces(locale, namespaces)
}

/** A translate function in one locale, outside React (tests, scripts). */
export async function getT(locale: Locale, namespaces?: readonly Namespace[]): Promise<TFunction> {
  return (await loadNamespaces(locale, namespaces)).t
}
