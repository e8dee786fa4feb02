/**
 * The rules service (docs/protocols.md): a GoRules-style decision API reached through
 * the site's own proxy at `rules.url` (the proxy adds the access token; it never reaches the
 * browser). `POST {rules.url}/evaluate/{decision}` with `{ context }` answers
 * `{ result: { output }, performance }`.
 *
 * `RulesService` is the interface widgets use; `createRulesService(url)` is the HTTP
 * implementation (the demo and the tests answer it with MSW). `lookupPromotion` is the loyalty
 * decision as the wine page needs it: it never throws, a failure is logged and gives no
 * promotion.
 */
import { readShippingCost, type ShippingContext } from '../domain/checkout'
import { NO_PROMOTION, normalizePromotion } from '../domain/points'
import type { Promotion } from '../domain/types'
import { readConfig } from '../config/config'
import { malformed, request } from '../http/http'
import { reportError } from '../report/report'
import { isRecord } from '../domain/is-record'
import { pageSlot } from '../page/page-context'
import type { Answer, Schema, Unchecked } from '../api/wire'

/**
 * Context of the loyalty decision: the day of the lookup (YYYY-MM-DD, local date), the
 * wine code, vintage and volume.
 */
export type LoyaltyContext = Schema<'LoyaltyContext'>

/** What every decision answers (each names its own `result.output`). */
type DecisionAnswer = Answer<'evaluateShipping'> | Answer<'evaluateLoyalty'>

export interface RulesService {
  /** Evaluates a decision; resolves to its `result.output`. Throws HttpError on any failure. */
  evaluate(
    decision: string,
    context: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<unknown>
  /** The loyalty decision for one wine, vintage and volume, normalised (never a bad promotion). */
  loyalty(context: LoyaltyContext, signal?: AbortSignal): Promise<Promotion>
  /**
   * The shipping decision (cart amount, bottles, free flag, country code → cost in EUR).
   * An output that is not a number ≥ 0 throws an HttpError: never read as free shipping.
   */
  shipping(context: ShippingContext, signal?: AbortSignal): Promise<number>
}

/** A slow rules service must not hold up an add to cart: give up after this long. */
export const RULES_TIMEOUT_MS = 5000

export function createRulesService(baseUrl: string): RulesService {
  const root = baseUrl.replace(/\/+$/, '')
  const service: RulesService = {
    async evaluate(decision, context, signal) {
      const url = `${root}/evaluate/${encodeURIComponent(decision)}`
      const answer = await request<Unchecked<DecisionAnswer>>(url, {
        method: 'POST',
        body: { json: { context } },
        signal,
        timeoutMs: RULES_TIMEOUT_MS,
      })
      if (!isRecord(answer) || !isRecord(answer.result) || !('output' in answer.result)) {
        throw malformed('POST', url, 'The answer has no result.output')
      }
      return answer.result.output
    },
    async loyalty(context, signal) {
      const output = await service.evaluate(
        'loyalty',
        { ...context } satisfies Schema<'LoyaltyContext'>,
        signal,
      )
      return normalizePromotion(output)
    },
    async shipping(context, signal) {
      // The domain's context (src/domain holds no wire types) must be the contract's.
      const output = await service.evaluate(
        'shipping',
        { ...context } satisfies Schema<'ShippingContext'>,
        signal,
      )
      const cost = readShippingCost(output)
      if (cost === null) {
        throw malformed(
          'POST',
          `${root}/evaluate/shipping`,
          `The shipping output is not a cost: ${JSON.stringify(output)}`,
        )
      }
      return cost
    },
  }
  return service
}

const page = pageSlot<{ rules: { url: string; service: RulesService } | null }>(() => ({
  rules: null,
}))

/** The page's rules service from the config's `rules.url`; null when the section is missing. */
export function getRulesService(): RulesService | null {
  const url = readConfig().config.rules?.url
  if (!url) return null
  const state = page.get()
  if (state.rules?.url !== url) state.rules = { url, service: createRulesService(url) }
  return state.rules.service
}

/** The loyalty context's date: the local calendar day, YYYY-MM-DD. */
export function loyaltyDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * The promotion of a wine line: the loyalty decision, or no promotion when the
 * service is not configured or the lookup fails (the failure is only logged).
 */
export async function lookupPromotion(
  wine: Omit<LoyaltyContext, 'date'>,
  options: { service?: RulesService | null; signal?: AbortSignal; now?: Date } = {},
): Promise<Promotion> {
  const service = options.service === undefined ? getRulesService() : options.service
  if (!service) {
    reportError({
      area: 'promotions',
      message: 'No rules service configured: promotions are off.',
      level: 'warn',
    })
    return NO_PROMOTION
  }
  try {
    return await service.loyalty({ date: loyaltyDate(options.now), ...wine }, options.signal)
  } catch (error) {
    if (options.signal?.aborted) throw error
    reportError({
      area: 'promotions',
      message: `Promotion lookup failed for ${wine.wineCode} ${wine.vintage} ${wine.volume}; no promotion applied`,
      error,
    })
    return NO_PROMOTION
  }
}

/**
 * The shipping fee for a delivery. Rejects when the service is not configured or
 * the decision fails; the caller only logs that ("Shipping calculation failure: only
 * logged") and keeps the cost unknown.
 */
export async function quoteShipping(
  context: ShippingContext,
  options: { service?: RulesService | null; signal?: AbortSignal } = {},
): Promise<number> {
  const service = options.service === undefined ? getRulesService() : options.service
  if (!service) throw new Error('No rules service configured: the shipping fee is unknown.')
  return service.shipping(context, options.signal)
}
