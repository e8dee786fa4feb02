/**
 * The reference proxies (server/) as `npm run demo:prod` runs them: the sommelier, rules and
 * search paths of the demo site go through the same handlers production mounts, and their
 * upstreams are the mocks, answered in process (no network):
 * - the language model: `modelHandlers` (mocks/sommelier.ts), OpenAI's chat-completions format,
 *   with its key;
 * - the rules service: `rulesServiceHandlers` (mocks/rules.ts), with its access token;
 * - hosted search: `searchHandlers` (mocks/search.ts), on its own hosts;
 * - the session check: the demo site's own mock API (`/login/getcurrentuser`).
 * So every prod-mode page, e2e test and journey exercises the real checks: a logged-out visitor
 * gets a 401, a forged request a 400, another index a 403.
 */
import { getResponse } from 'msw'
import {
  DEFAULT_LIMITS,
  DEFAULT_PATHS,
  createLimiter,
  createRulesHandler,
  createSearchHandler,
  createSommelierHandler,
  route,
  siteSession,
  type Fetch,
  type LimitRule,
  type Router,
} from '../server'
import { LLM_BASE, LLM_KEY, modelHandlers } from './sommelier'
import { RULES_BASE, RULES_TOKEN, rulesServiceHandlers } from './rules'
import { searchHandlers } from './search'

const upstreams = [...modelHandlers, ...rulesServiceHandlers, ...searchHandlers]

/** The mocks as `fetch` would answer them: a mock's network error rejects, as fetch does. */
const upstreamFetch: Fetch = async (request) => {
  const response = await getResponse(upstreams, request)
  if (!response) throw new TypeError(`fetch failed: no upstream mock for ${request.url}`)
  if (response.type === 'error') throw new TypeError('fetch failed: the upstream mock dropped it')
  return response
}

/**
 * The demo server is one process shared by every test worker and journey, all on 127.0.0.1 and
 * mostly as Claire: ten times production's limits (server/config.ts), so a busy test run is
 * never refused while a shopper's limit still exists.
 */
const demoLimit = (rule: LimitRule) => createLimiter({ ...rule, points: rule.points * 10 })

export const DEMO_SEARCH_KEY = 'demo-search-only-key'

/** `site` answers the demo site's own API (the session check asks it who is logged in). */
export function createDemoProxies({ site }: { site: Fetch }): Router {
  const quiet = () => undefined
  return route({
    [DEFAULT_PATHS.sommelier]: createSommelierHandler({
      upstream: LLM_BASE,
      apiKey: LLM_KEY,
      checkSession: siteSession({ site: (request) => new URL(request.url).origin, fetch: site }),
      limits: {
        session: demoLimit(DEFAULT_LIMITS.sommelierSession),
        ip: demoLimit(DEFAULT_LIMITS.sommelierIp),
      },
      fetch: upstreamFetch,
      log: quiet,
    }),
    [DEFAULT_PATHS.rules]: createRulesHandler({
      upstream: RULES_BASE,
      accessToken: RULES_TOKEN,
      limiter: demoLimit(DEFAULT_LIMITS.rulesIp),
      fetch: upstreamFetch,
      log: quiet,
    }),
    [DEFAULT_PATHS.search]: createSearchHandler({
      appId: 'DEMOAPP',
      searchKey: DEMO_SEARCH_KEY,
      limiter: demoLimit(DEFAULT_LIMITS.searchIp),
      fetch: upstreamFetch,
      log: quiet,
    }),
  })
}
