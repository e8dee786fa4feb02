import type { Locale } from '../domain/types'
import { isRecord } from '../domain/is-record'

/**
 * The widgets' texts of one locale and the function that reads them. What locales/*.json need
 * and no more (docs/decisions.md, "Texts without i18next"):
 * - `t('cart.title')`: the first segment names a namespace (a top-level key of the locale file)
 *   when that namespace is loaded; otherwise the whole key is read in the namespaces the caller
 *   named, in order.
 * - `{{name}}` takes `options.name` (a string or a number); any other value leaves the placeholder
 *   as it is.
 * - `count` picks `key_one` / `key_other`… by the locale's plural rules (`Intl.PluralRules`), then
 *   `key_other`, then `key`.
 * - A key not found reads as the key itself and is reported once (`onMissing`).
 */
export type TFunction = (key: string, options?: Readonly<Record<string, unknown>>) => string

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g

export class Texts {
  private readonly bundles = new Map<string, Record<string, unknown>>()
  private readonly fixed = new Map<string, TFunction>()
  private readonly reported = new Set<string>()
  /** Texts found, by namespaces, key and plural form: a render reads the same keys again. */
  private readonly found = new Map<string, string>()
  private plurals: Intl.PluralRules | null = null

  constructor(
    readonly locale: Locale,
    private readonly onMissing: (key: string, locale: Locale) => void = () => undefined,
  ) {}

  /** Whether a namespace's texts are here. */
  has(namespace: string): boolean {
    return this.bundles.has(namespace)
  }

  /** Adds a namespace's texts (the first copy stays: text files are immutable). */
  add(namespace: string, texts: Record<string, unknown>): void {
    if (!this.bundles.has(namespace)) this.bundles.set(namespace, texts)
  }

  /** Reads `key` (see above); an unprefixed key in `common`. */
  readonly t: TFunction = this.fixedT()

  /** A translate function that reads unprefixed keys in `namespaces`; the same one every call. */
  fixedT(namespaces: string | readonly string[] = 'common'): TFunction {
    const list = typeof namespaces === 'string' ? [namespaces] : [...namespaces]
    const id = list.join('|')
    let t = this.fixed.get(id)
    if (!t) {
      t = (key, options) => this.translate(key, list, id, options)
      this.fixed.set(id, t)
    }
    return t
  }

  /** `namespacesId`: the namespaces joined, as `fixedT` keeps them. */
  private translate(
    key: string,
    namespaces: readonly string[],
    namespacesId: string,
    options?: Readonly<Record<string, unknown>>,
  ): string {
    const count = options?.count
    const form = typeof count === 'number' ? this.pluralRules().select(count) : ''
    const id = `${namespacesId}\u0000${key}\u0000${form}`
    let text = this.found.get(id)
    if (text === undefined) {
      // Only what was found is kept: a namespace loaded later may hold a key missing now.
      text = this.lookUp(key, namespaces, form)
      if (text !== undefined) this.found.set(id, text)
    }
    if (text === undefined) {
      if (!this.reported.has(key)) {
        this.reported.add(key)
        this.onMissing(key, this.locale)
      }
      return key
    }
    if (!options) return text
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = options[name]
      return typeof value === 'string' || typeof value === 'number' ? String(value) : placeholder
    })
  }

  private lookUp(key: string, namespaces: readonly string[], form: string): string | undefined {
    const dot = key.indexOf('.')
    const prefix = dot > 0 ? key.slice(0, dot) : ''
    const places: [Record<string, unknown> | undefined, string][] = this.bundles.has(prefix)
      ? [[this.bundles.get(prefix), key.slice(dot + 1)]]
      : namespaces.map((ns) => [this.bundles.get(ns), key])
    const candidates = form === '' ? [''] : [`_${form}`, '_other', '']
    for (const [bundle, path] of places) {
      if (!bundle) continue
      for (const suffix of candidates) {
        const text = read(bundle, path + suffix)
        if (text !== undefined) return text
      }
    }
    return undefined
  }

  private pluralRules(): Intl.PluralRules {
    this.plurals ??= new Intl.PluralRules(this.locale)
    return this.plurals
  }
}

function read(bundle: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = bundle
  for (const part of path.split('.')) {
    if (!isRecord(node)) return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}
