import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { textBundleOf } from '../mount/bundles.ts'
import { widgetNames, widgetNamespaces } from './text-files.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const LOCALES = ['en', 'fr', 'nl'] as const
export const TEXTS = 'virtual:wine-texts'
/** The URL of a text file, imported by the entry (to preload it) and by the core (to load it). */
const TEXTS_URL = `${TEXTS}/url`

const readLocale = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >

/**
 * The text files and the namespaces each one holds: per text bundle of mount/bundles.ts, `common`
 * and the namespaces its widgets' components name in `useTranslation` (build/text-files.ts reads
 * them from the code); a namespace no widget names gets a file of its own (`ns-<name>`).
 */
export function textFiles(): Record<string, string[]> {
  const files: Record<string, Set<string>> = {}
  for (const widget of widgetNames(root)) {
    const file = (files[textBundleOf(widget)] ??= new Set(['common']))
    for (const ns of widgetNamespaces(root, widget)) file.add(ns)
  }
  const covered = new Set(Object.values(files).flatMap((f) => [...f]))
  for (const ns of Object.keys(readLocale('en')))
    if (!covered.has(ns)) files[`ns-${ns}`] = new Set(['common', ns])
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [...v].sort()]))
}

/**
 * The widgets' texts, from `locales/{en,fr,nl}.json`, one small file per locale and text file of
 * `textFiles()` (a page downloads only the texts of the widgets it shows, in a few requests).
 * `virtual:wine-texts` exports `files` (text file → namespaces) and `load(locale, file)`;
 * `virtual:wine-texts/url` exports `textsUrl(locale, file)`, null outside the library build.
 * - Library build: the files are `chunks/texts-<locale>-<file>-<hash>.js`, emitted as they are
 *   (not chunks: their names are known before bundling, so the entry can preload a widget's texts
 *   as soon as it finds its tag, in parallel with its code); `<hash>` is one hash of every text.
 * - Dev server, tests, demo build: `virtual:wine-texts/<locale>/<file>` modules.
 */
export function wineTexts(): Plugin {
  let emit = false
  const files = textFiles()
  const content = (locale: string, file: string) => {
    const texts = readLocale(locale)
    const namespaces = files[file] ?? []
    return `export default ${JSON.stringify(Object.fromEntries(namespaces.map((ns) => [ns, texts[ns]])))}`
  }
  const hash = createHash('sha256')
    .update(JSON.stringify([files, LOCALES.map(readLocale)]))
    .digest('base64url')
    .slice(0, 8)
  const fileName = (locale: string, file: string) => `texts-${locale}-${file}-${hash}.js`
  return {
    name: 'wine-texts',
    configResolved(config) {
      emit = config.command === 'build' && config.mode !== 'demo'
    },
    buildStart() {
      for (const locale of LOCALES) {
        this.addWatchFile(fileURLToPath(new URL(`../locales/${locale}.json`, import.meta.url)))
        if (emit)
          for (const file of Object.keys(files))
            this.emitFile({
              type: 'asset',
              fileName: `chunks/${fileName(locale, file)}`,
              source: content(locale, file),
            })
      }
    },
    resolveId(id) {
      return id === TEXTS || id.startsWith(`${TEXTS}/`) ? `\0${id}` : null
    },
    load(id) {
      if (id === `\0${TEXTS_URL}`) {
        if (!emit) return 'export const textsUrl = () => null'
        // The entry imports this module, so it is part of the entry (dist/) and `import.meta.url`
        // is the entry's URL, also when the core calls it. (`new URL(template, import.meta.url)`
        // written out would be taken by Vite for an asset glob.)
        return (
          'const base = import.meta.url\n' +
          `export const textsUrl = (locale, file) => new URL(\`./chunks/${fileName('${locale}', '${file}')}\`, base).href`
        )
      }
      if (id === `\0${TEXTS}`) {
        const load = emit
          ? `import { textsUrl } from ${JSON.stringify(TEXTS_URL)}\n` +
            'export const load = (locale, file) => import(/* @vite-ignore */ textsUrl(locale, file))'
          : `const loaders = {${LOCALES.map(
              (locale) =>
                `${locale}: {${Object.keys(files)
                  .map(
                    (f) =>
                      `${JSON.stringify(f)}: () => import(${JSON.stringify(`${TEXTS}/${locale}/${f}`)})`,
                  )
                  .join(',')}}`,
            ).join(',')}}\n` + 'export const load = (locale, file) => loaders[locale][file]()'
        return `export const files = ${JSON.stringify(files)}\n${load}`
      }
      const match = id.startsWith(`\0${TEXTS}/`) && /\/(en|fr|nl)\/([\w-]+)$/.exec(id)
      if (!match) return null
      const [, locale = '', file = ''] = match
      return content(locale, file)
    },
  }
}
