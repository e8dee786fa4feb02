/**
 * The page's configuration block:
 *   <script type="application/json" id="wine-widgets-config">{ … }</script>
 * Every section is optional and validated on its own: a missing or malformed section is reported
 * once, and only the widgets that need it show a fallback; the others work.
 */
import { reportError } from '../report/report'
import { CONFIG_ELEMENT_ID, configText } from './config-block'
import { isRecord } from '../domain/is-record'
import { pageSlot } from '../page/page-context'
import { closest } from '../domain/closest'
import { showNote } from '../report/demo-note'
import { checkSection, SECTION_KEYS } from './config-schemas'

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

/** The sections, in the order they are checked and reported. */
const SECTION_NAMES = Object.keys(SECTION_KEYS) as ConfigSection[]

/** `unknown key "algola"; did you mean "algolia"?`, or the keys known there. */
function unknownKey(prefix: string, key: string, known: readonly string[]): string {
  const near = closest(key, known)
  return near
    ? `unknown key "${prefix}${key}" is ignored; did you mean "${prefix}${near}"?`
    : `unknown key "${prefix}${key}" is ignored (known here: ${known.join(', ')})`
}

/** The keys of the block and of its sections that the library does not read. */
function unknownKeys(raw: Record<string, unknown>): string[] {
  const top = ['demo', ...SECTION_NAMES]
  const warnings = Object.keys(raw)
    .filter((key) => !top.includes(key))
    .map((key) => unknownKey('', key, top))
  for (const name of SECTION_NAMES) {
    const section = raw[name]
    if (!isRecord(section)) continue
    const known = SECTION_KEYS[name]
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
  for (const name of SECTION_NAMES) {
    if (!(name in raw)) continue
    const checked = checkSection(name, raw[name])
    if ('problem' in checked) problems.push({ section: name, message: checked.problem })
    // checkSection read it with section `name`'s own schema; TypeScript cannot tie a loop's
    // name to its section's type, hence the widening.
    else (config as unknown as Record<string, unknown>)[name] = checked.section
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
