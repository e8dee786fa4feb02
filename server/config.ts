/**
 * The three proxies from environment variables (passed in: nothing here reads `process.env`, so
 * an edge worker hands over its `env` binding the same way). A proxy whose variables are missing
 * is left out (its path is not answered) and said so in `skipped`.
 *
 *   SITE_URL                      the shop's origin, for the session check (sommelier)
 *   LLM_BASE_URL, LLM_API_KEY     OpenAI-compatible API, e.g. https://api.openai.com/v1
 *   LLM_MODEL                     default gpt-4o
 *   LLM_TOKEN_FIELD               max_completion_tokens (default) or max_tokens
 *   RULES_URL, RULES_TOKEN        rules project URL up to /evaluate, and its access token
 *   ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY
 *   ALGOLIA_HOSTS                 optional: the search hosts, comma-separated, tried in order (a
 *                                 staging or fake search service); Algolia's for the app id otherwise
 */
import type { Fetch, Handler, Log } from './http'
import { createLimiter, type Limiter, type LimitRule, type LimitStore } from './limits'
import { route, type Router } from './router'
import { createRulesHandler } from './rules/handler'
import { createSearchHandler } from './search/handler'
import { siteSession } from './session'
import { splitHosts } from './settings'
import { createSommelierHandler } from './sommelier/handler'
import type { TokenLimitField } from './sommelier/prompt'

/**
 * The limits, per window of a minute:
 * - sommelier, per shopper: 10 questions (a conversation, not a script: each costs the shop a
 *   model call);
 * - sommelier, per address: 30 (a few shoppers behind one office or household address);
 * - rules, per address: 120 (a cart asks for the shipping fee on each change, a wine page for the
 *   promotion of each vintage and volume);
 * - search, per address: 600 (one request per keystroke, disjunctive facets, offices).
 * contract/openapi.yaml states them as each call's `x-rate-limit` (server/contract-agreement.test.ts).
 */
export const DEFAULT_LIMITS = {
  sommelierSession: { name: 'sommelier-session', points: 10, duration: 60 },
  sommelierIp: { name: 'sommelier-ip', points: 30, duration: 60 },
  rulesIp: { name: 'rules-ip', points: 120, duration: 60 },
  searchIp: { name: 'search-ip', points: 600, duration: 60 },
} satisfies Record<string, LimitRule>

export type LimitRules = typeof DEFAULT_LIMITS

/** The paths the proxies answer: the config block's `sommelier.url`, `rules.url`, `algolia.hosts`. */
export const DEFAULT_PATHS = {
  sommelier: '/api/sommelier',
  rules: '/api/rules',
  search: '/algolia',
}

export type Env = Readonly<Record<string, string | undefined>>

export interface ProxiesOptions {
  /** Where the limits count (memory unless a Redis client is given). */
  store?: LimitStore
  limits?: Partial<LimitRules>
  paths?: Partial<typeof DEFAULT_PATHS>
  fetch?: Fetch
  log?: Log
  /** Wraps each limiter made here (main.ts: to log its decision with the request). */
  wrapLimiter?: (limiter: Limiter, rule: LimitRule) => Limiter
}

export interface Proxies {
  handle: Router
  /** The proxies left out, each with the variables it lacks. */
  skipped: string[]
}

const tokenField = (value: string | undefined): TokenLimitField =>
  value === 'max_tokens' ? 'max_tokens' : 'max_completion_tokens'

export function createProxiesFromEnv(env: Env, options: ProxiesOptions = {}): Proxies {
  const { store, fetch, log } = options
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  const paths = { ...DEFAULT_PATHS, ...options.paths }
  const limiter = (rule: LimitRule) => {
    const made = createLimiter(rule, store)
    return options.wrapLimiter ? options.wrapLimiter(made, rule) : made
  }
  const missing = (...names: string[]) => names.filter((name) => !env[name])
  const routes: Record<string, Handler> = {}
  const skipped: string[] = []
  const common = { ...(fetch && { fetch }), ...(log && { log }) }

  const sommelierLacks = missing('SITE_URL', 'LLM_BASE_URL', 'LLM_API_KEY')
  if (sommelierLacks.length > 0) skipped.push(`sommelier (${sommelierLacks.join(', ')})`)
  else
    routes[paths.sommelier] = createSommelierHandler({
      ...common,
      path: paths.sommelier,
      upstream: env.LLM_BASE_URL ?? '',
      apiKey: env.LLM_API_KEY ?? '',
      checkSession: siteSession({ site: env.SITE_URL ?? '', ...(fetch && { fetch }) }),
      limits: { session: limiter(limits.sommelierSession), ip: limiter(limits.sommelierIp) },
      model: {
        ...(env.LLM_MODEL && { model: env.LLM_MODEL }),
        tokenLimitField: tokenField(env.LLM_TOKEN_FIELD),
      },
    })

  const rulesLack = missing('RULES_URL', 'RULES_TOKEN')
  if (rulesLack.length > 0) skipped.push(`rules (${rulesLack.join(', ')})`)
  else
    routes[paths.rules] = createRulesHandler({
      ...common,
      path: paths.rules,
      upstream: env.RULES_URL ?? '',
      accessToken: env.RULES_TOKEN ?? '',
      limiter: limiter(limits.rulesIp),
    })

  const searchLacks = missing('ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_KEY')
  if (searchLacks.length > 0) skipped.push(`search (${searchLacks.join(', ')})`)
  else
    routes[paths.search] = createSearchHandler({
      ...common,
      path: paths.search,
      appId: env.ALGOLIA_APP_ID ?? '',
      searchKey: env.ALGOLIA_SEARCH_KEY ?? '',
      ...(env.ALGOLIA_HOSTS?.trim() && { hosts: splitHosts(env.ALGOLIA_HOSTS) }),
      limiter: limiter(limits.searchIp),
    })

  return { handle: route(routes), skipped }
}
