/**
 * The page's configuration block:
 *   <script type="application/json" id="wine-widgets-config">{ … }</script>
 * Every section is optional and validated on its own: a missing or malformed section is reported
 * once, and only the widgets that need it show a fallback; the others work.
 */
export interface WidgetsConfig {
  /** Hosted search: application id and the public search-only key. */
  algolia?: { appId: string; searchKey: string }
  /** Card payments: the publishable key (`pk_…`). Never a secret key. */
  stripe?: { publishableKey: string }
  /** Places autocomplete: the browser key. */
  maps?: { apiKey: string }
  /** The site's proxy to the rules service (it holds the access token). */
  rules?: { url: string }
  /** The site's proxy to the language model (it holds the model key). */
  sommelier?: { url: string }
  /**
   * Demo pages only: show widget errors in place and swap the external services (card payments,
   * places) for the local fakes in `src/services`.
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
}

export const CONFIG_ELEMENT_ID = 'wine-widgets-config'

type Shape = Record<string, 'string' | 'url'>
const SECTIONS: Record<ConfigSection, Shape> = {
  algolia: { appId: 'string', searchKey: 'string' },
  stripe: { publishableKey: 'string' },
  maps: { apiKey: 'string' },
  rules: { url: 'url' },
  sommelier: { url: 'url' },
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function validateSection(name: ConfigSection, value: unknown): string | null {
  if (!isObject(value)) return `"${name}" must be an object`
  for (const [key, kind] of Object.entries(SECTIONS[name])) {
    const v = value[key]
    if (typeof v !== 'string' || v.trim() === '')
      return `"${name}.${key}" must be a non-empty string`
    if (kind === 'url' && !/^(https?:\/\/|\/)/.test(v))
      return `"${name}.${key}" must be an absolute URL or a path starting with "/"`
  }
  if (name === 'stripe' && !String(value.publishableKey).startsWith('pk_'))
    return '"stripe.publishableKey" must be a publishable key (pk_…); secret keys never belong in the page'
  return null
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
  if (!isObject(raw)) {
    problems.push({ section: 'block', message: 'the config block must be a JSON object' })
    return { config, problems }
  }
  config.demo = raw.demo === true
  for (const name of Object.keys(SECTIONS) as ConfigSection[]) {
    if (!(name in raw)) continue
    const problem = validateSection(name, raw[name])
    if (problem) problems.push({ section: name, message: problem })
    else (config as unknown as Record<string, unknown>)[name] = raw[name]
  }
  return { config, problems }
}

let cached: ConfigResult | null = null

/** Read the page's config block once; problems are reported once on the console. */
export function readConfig(doc: Document = document): ConfigResult {
  if (cached) return cached
  const el = doc.getElementById(CONFIG_ELEMENT_ID)
  cached = parseConfig(el ? el.textContent : null)
  for (const p of cached.problems) console.error(`[wine-widgets] Config: ${p.message}.`)
  return cached
}

export function resetConfigForTests(result: ConfigResult | null = null): void {
  cached = result
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
  return section as NonNullable<WidgetsConfig[K]>
}
