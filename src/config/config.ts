/**
 * The page's configuration block:
 *   <script type="application/json" id="wine-widgets-config">{ … }</script>
 * Every section is optional and validated on its own: a missing or malformed section is reported
 * once, and only the widgets that need it show a fallback; the others work.
 */
import { COOKIE_NAME } from '../domain/session-version'
import { reportError } from '../report/report'
import { CONFIG_ELEMENT_ID, configText } from './config-block'
import { isRecord } from '../domain/is-record'
import { pageSlot } from '../page/page-context'
import { closest } from '../domain/closest'
import { showNote } from '../report/demo-note'

/**
 * One search host the Algolia client sends its requests to, instead of Algolia's own
 * (`{appId}-dsn.algolia.net` and fallbacks): for sites that proxy search through their own domain.
 */
export interface AlgoliaHost {
  /**
   * A host name, optionally with a port and a path (`search.shop.example`,
   * `www.shop.example/algolia`), or a path on the page's own site (`/algolia`: the page's host and
   * protocol). Never a scheme: that is `protocol`.
   */
  url: string
  /** @default "https" (for a same-site path: the page's protocol) */
  protocol?: 'http' | 'https'
  /** Which requests the host takes. @default "read" (the page only searches) */
  accept?: 'read' | 'write' | 'readWrite'
}

export interface WidgetsConfig {
  /**
   * Hosted search: application id and the public search-only key; `hosts` replaces Algolia's hosts
   * (tried in order, like Algolia's own fallbacks).
   */
  algolia?: { appId: string; searchKey: string; hosts?: AlgoliaHost[] }
  /** Card payments: the publishable key (`pk_…`). Never a secret key. */
  stripe?: { publishableKey: string }
  /** Places autocomplete: the browser key. */
  maps?: { apiKey: string }
  /** The site's proxy to the rules service (it holds the access token). */
  rules?: { url: string }
  /** The site's proxy to the language model (it holds the model key). */
  sommelier?: { url: string }
  /**
   * E-commerce analytics (an addition of ours): `ga4: true` pushes GA4 e-commerce events into
   * `window.dataLayer` once the visitor has consented (`src/analytics/ga4.ts`). Off without it.
   */
  analytics?: { ga4: boolean }
  /**
   * The site's session version cookie (contract: "Session version"): a cookie readable by scripts
   * that the site changes on every login, logout and session expiry. With it, the widgets reuse
   * the session they last confirmed while its value stays the same; without it, every page asks
   * the site who is logged in.
   */
  session?: { versionCookie: string }
  /**
   * Demo pages only: show widget errors in place (not only in the console). It chooses no
   * service: test pages swap Stripe.js and Google places through `window.wineWidgetsServices`
   * (`src/services/overrides.ts`).
   * @default false
   */
  demo: boolean
}

export type ConfigSection = Exclude<keyof WidgetsConfig, 'demo'>

export interface ConfigProblem {
  section: ConfigSection | 'block'
  message: string
}

export interface ConfigResult {
  config: WidgetsConfig
  problems: ConfigProblem[]
  /**
   * Keys the library does not read (`algola`, `stripe.extra`): ignored, with a "did you mean"
   * when a known key is a near typo of one. Warnings, not problems: the config still works.
   */
  warnings?: string[]
}

export { CONFIG_ELEMENT_ID } from './config-block'

type Shape = Record<string, 'string' | 'url' | 'boolean'>
const SECTIONS: Record<ConfigSection, Shape> = {
  algolia: { appId: 'string', searchKey: 'string' },
  stripe: { publishableKey: 'string' },
  maps: { apiKey: 'string' },
  rules: { url: 'url' },
  sommelier: { url: 'url' },
  analytics: { ga4: 'boolean' },
  session: { versionCookie: 'string' },
}

function validateSection(name: ConfigSection, value: unknown): string | null {
  if (!isRecord(value)) return `"${name}" must be an object`
  for (const [key, kind] of Object.entries(SECTIONS[name])) {
    const v = value[key]
    if (kind === 'boolean') {
      if (typeof v !== 'boolean') return `"${name}.${key}" must be true or false`
      continue
    }
    if (typeof v !== 'string' || v.trim() === '')
      return `"${name}.${key}" must be a non-empty string`
    // An http(s) address or a same-site path; "//host/…" (another site, whatever the page's
    // scheme) and "/\host" (browsers read it as "//host") are refused, like spaces and controls.
    if (kind === 'url' && !/^(https?:\/\/[^/\\\s]|\/(?![/\\]))[^\s\\]*$/i.test(v))
      return `"${name}.${key}" must be an http(s) URL or a path starting with a single "/"`
  }
  if (name === 'stripe' && !String(value.publishableKey).startsWith('pk_'))
    return '"stripe.publishableKey" must be a publishable key (pk_…); secret keys never belong in the page'
  if (name === 'algolia' && value.hosts !== undefined) return validateHosts(value.hosts)
  if (name === 'session' && !COOKIE_NAME.test(String(value.versionCookie)))
    return '"session.versionCookie" must be a cookie name (letters, digits and !#$%&\'*+-.^_`|~)'
  return null
}

/**
 * `host[:port][/path]`, or `/path` on the page's own site; never `//host` or `/\host` (another
 * site), a scheme (that is `protocol`), user info, a query or a fragment.
 */
const HOST_URL = /^(?:[^\s\\:/?#@]+(?::\d+)?(?:\/[^\s\\?#]*)?|\/(?![/\\])[^\s\\?#]*)$/
const PROTOCOLS = ['http', 'https']
const ACCEPTS = ['read', 'write', 'readWrite']

/** `algolia.hosts`: a non-empty list of `{ url, protocol?, accept? }` (see AlgoliaHost). */
function validateHosts(hosts: unknown): string | null {
  if (!Array.isArray(hosts) || hosts.length === 0)
    return '"algolia.hosts" must be a non-empty list of { url, protocol?, accept? }'
  for (const [i, host] of hosts.entries()) {
    const at = `"algolia.hosts[${i}]`
    if (!isRecord(host)) return `${at}" must be an object`
    const { url, protocol, accept } = host
    // A host name (port and path allowed) or a same-site path: no scheme, no "//host", no spaces.
    if (typeof url !== 'string' || !HOST_URL.test(url))
      return `${at}.url" must be a host name (optionally with port and path) or a path starting with a single "/"`
    if (protocol !== undefined && (typeof protocol !== 'string' || !PROTOCOLS.includes(protocol)))
      return `${at}.protocol" must be "http" or "https"`
    if (accept !== undefined && (typeof accept !== 'string' || !ACCEPTS.includes(accept)))
      return `${at}.accept" must be "read", "write" or "readWrite"`
  }
  return null
}

/** Every key a section reads (`algolia.hosts` is optional, checked on its own). */
const SECTION_KEYS = (name: ConfigSection): string[] => [
  ...Object.keys(SECTIONS[name]),
  ...(name === 'algolia' ? ['hosts'] : []),
]

/** `unknown key "algola"; did you mean "algolia"?`, or the keys known there. */
function unknownKey(prefix: string, key: string, known: readonly string[]): string {
  const near = closest(key, known)
  return near
    ? `unknown key "${prefix}${key}" is ignored; did you mean "${prefix}${near}"?`
    : `unknown key "${prefix}${key}" is ignored (known here: ${known.join(', ')})`
}

/** The keys of the block and of its sections that the library does not read. */
function unknownKeys(raw: Record<string, unknown>): string[] {
  const top = ['demo', ...Object.keys(SECTIONS)]
  const warnings = Object.keys(raw)
    .filter((key) => !top.includes(key))
    .map((key) => unknownKey('', key, top))
  for (const name of Object.keys(SECTIONS) as ConfigSection[]) {
    const section = raw[name]
    if (!isRecord(section)) continue
    const known = SECTION_KEYS(name)
    for (const key of Object.keys(section))
      if (!known.includes(key)) warnings.push(unknownKey(`${name}.`, key, known))
  }
  return warnings
}

/** Parse and validate a config block's text (pure: used by the reader and by tests). */
export function parseConfig(text: string | null): ConfigResult {
  const problems: ConfigProblem[] = []
  const config: WidgetsConfig = { demo: false }
  if (text === null) {
    problems.push({
      section: 'block',
      message: `no <script id="${CONFIG_ELEMENT_ID}"> on the page`,
    })
    return { config, problems }
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    problems.push({
      section: 'block',
      message: `the config block is not valid JSON (${String(error)})`,
    })
    return { config, problems }
  }
  if (!isRecord(raw)) {
    problems.push({ section: 'block', message: 'the config block must be a JSON object' })
    return { config, problems }
  }
  config.demo = raw.demo === true
  for (const name of Object.keys(SECTIONS) as ConfigSection[]) {
    if (!(name in raw)) continue
    const problem = validateSection(name, raw[name])
    if (problem) problems.push({ section: name, message: problem })
    // validateSection checked raw[name] against section `name`'s own shape just above; TypeScript
    // cannot tie a loop's name to its section's type, hence the widening.
    else (config as unknown as Record<string, unknown>)[name] = raw[name]
  }
  const warnings = unknownKeys(raw)
  return warnings.length > 0 ? { config, problems, warnings } : { config, problems }
}

/** The page's config, once read. */
const page = pageSlot<{ result: ConfigResult | null }>(() => ({ result: null }))

/** Read the page's config block once; problems are reported once on the console. */
export function readConfig(doc: Document = document): ConfigResult {
  const state = page.get()
  if (state.result) return state.result
  const result = parseConfig(configText(doc))
  state.result = result
  for (const p of result.problems) reportError({ area: 'config', message: `Config: ${p.message}.` })
  for (const warning of result.warnings ?? []) {
    const message = `Config: ${warning}`
    reportError({ area: 'config', message, level: 'warn' })
    // Demo pages show it beside the block (or first in the page when the block is in <head>).
    const block = doc.getElementById(CONFIG_ELEMENT_ID)
    if (block) showNote(block, message)
  }
  return result
}

/**
 * Give the page its config instead of reading the block (tests, a page whose config is built
 * in code); the page's services created afterwards use it.
 */
export function setPageConfig(result: ConfigResult): void {
  page.get().result = result
}

/** Thrown by widgets that cannot work without a config section; the error boundary shows it. */
export class MissingConfigError extends Error {
  constructor(readonly section: ConfigSection) {
    super(`The "${section}" section of the wine-widgets config is missing or invalid.`)
    this.name = 'MissingConfigError'
  }
}

export function requireSection<K extends ConfigSection>(
  name: K,
  result: ConfigResult = readConfig(),
): NonNullable<WidgetsConfig[K]> {
  const section = result.config[name]
  if (!section) throw new MissingConfigError(name)
  return section
}
