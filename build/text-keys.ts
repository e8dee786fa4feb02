/**
 * The key check of `npm run lint`: i18next-cli (its extractor, `findKeys`) reads every key the
 * code passes to `t`, with the options i18next.config.ts gives; this compares them with
 * locales/{en,fr,nl}.json. A used key missing from a locale file (each plural form that
 * locale's rules have: French also has `_many`), or a key of a file that no code uses and no
 * pattern of `preservePatterns` lists (keys built at run time), fails with the list.
 *
 *   node build/text-keys.ts
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { findKeys } from 'i18next-cli'
import config from '../i18next.config.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Every key of a nested locale file, `namespace.path.to.key`. */
export function keysOf(texts: unknown, prefix = ''): string[] {
  if (typeof texts !== 'object' || texts === null) return [prefix]
  return Object.entries(texts).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
}

/** The same glob as the extractor's `preservePatterns` (`*` for anything). */
const patternOf = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`)

export interface KeyProblems {
  missing: Record<string, string[]>
  unused: string[]
}

/**
 * What is wrong between the used keys and the locale files. A key is there when the file holds
 * it, or every plural form of it that the locale's rules have (`added_one`, `added_other`, and
 * `added_many` in French): i18next reads `key_<form>` when a count is given, then `key`. Either
 * is accepted whether or not the extractor saw a count: it does not see `{ count }` written
 * short, and a text may use the count without plural forms ("{{count}} added").
 */
export function compareKeys(
  used: readonly string[],
  files: Record<string, unknown>,
  preserve: readonly string[],
): KeyProblems {
  const patterns = preserve.map(patternOf)
  const missing: Record<string, string[]> = {}
  const wanted = new Set<string>()
  for (const [locale, texts] of Object.entries(files)) {
    const present = new Set(keysOf(texts))
    const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    const lacking = new Set<string>()
    for (const key of used) {
      const plural = forms.map((form) => `${key}_${form}`)
      wanted.add(key)
      for (const form of plural) wanted.add(form)
      if (present.has(key)) continue
      const some = plural.filter((form) => present.has(form))
      // No text at all: the key is missing; some plural forms: the others are.
      for (const form of some.length > 0 ? plural.filter((f) => !present.has(f)) : [key])
        lacking.add(form)
    }
    if (lacking.size > 0) missing[locale] = [...lacking].sort()
  }
  const unused = [...new Set(Object.values(files).flatMap((texts) => keysOf(texts)))]
    .filter((key) => !wanted.has(key) && !patterns.some((p) => p.test(key)))
    .sort()
  return { missing, unused }
}

async function main() {
  process.chdir(root)
  const quiet = { info: () => undefined, warn: console.warn, error: console.error }
  const { allKeys } = await findKeys(config, quiet)
  const separator = config.extract.pluralSeparator ?? '_'
  const used = [
    ...new Set(
      [...allKeys.values()].map(({ key, ns, hasCount }) => {
        // The extractor lists a counted key by the primary language's forms (`added_one`…).
        const base = hasCount ? key.slice(0, key.lastIndexOf(separator)) : key
        return `${ns ?? config.extract.defaultNS ?? 'common'}.${base}`
      }),
    ),
  ]
  const files = Object.fromEntries(
    config.locales.map((locale) => [
      locale,
      JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as unknown,
    ]),
  )
  const { missing, unused } = compareKeys(used, files, config.extract.preservePatterns ?? [])
  const lines = [
    ...Object.entries(missing).map(
      ([locale, keys]) => `missing from locales/${locale}.json: ${keys.join(', ')}`,
    ),
    ...(unused.length > 0
      ? [
          `in the locale files but used nowhere (or list it in i18next.config.ts): ${unused.join(', ')}`,
        ]
      : []),
  ]
  if (lines.length > 0) {
    for (const line of lines) console.error(`[text keys] ${line}`)
    process.exit(1)
  }
  console.log(`[text keys] ${String(used.length)} keys used, every one in en, fr and nl`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
