/** The reference proxies: Fetch handlers for the sommelier, the rules service and the search. */
export type { Fetch, Handler, Log, RequestInfo } from './http'
export { createSommelierHandler, type SommelierHandlerOptions } from './sommelier/handler'
export { createRulesHandler, type RulesHandlerOptions } from './rules/handler'
export { createSearchHandler, type SearchHandlerOptions } from './search/handler'
export { siteSession, type CheckSession, type Session } from './session'
export { createLimiter, type Limiter, type LimitRule, type LimitStore } from './limits'
export { route, type Router } from './router'
export { DEFAULT_LIMITS, DEFAULT_PATHS, createProxiesFromEnv, type Env } from './config'
