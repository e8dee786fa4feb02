import { http } from 'msw'
import { cataloguePromotion } from './catalogue'
import { json, withFaults } from './route'
import { isRecord } from '../src/domain/is-record'

/** Free delivery in Belgium from this cart amount. */
export const FREE_SHIPPING_BE = 150

/** Shipping cost per destination (EUR). */
export const SHIPPING_TABLE: Record<string, number> = { BE: 9.95, NL: 14.95, LU: 14.95, FR: 14.95 }
export const SHIPPING_ELSEWHERE = 24.95

const nodeError = (message: string) =>
  json({ message, data: { type: 'NodeError', nodeId: 'input', source: message } }, 400)

export function shippingCost(ctx: {
  cartAmount: number
  bottles: number
  free: boolean
  countryCode: string
}) {
  const country = ctx.countryCode.toUpperCase()
  if (ctx.free || (country === 'BE' && ctx.cartAmount >= FREE_SHIPPING_BE)) return 0
  return SHIPPING_TABLE[country] ?? SHIPPING_ELSEWHERE
}

/** The decision's answer for a request body, as the rules service gives it. */
function evaluate(decision: string | undefined, body: unknown): Response {
  if (!decision) return json({ message: 'Not Found' }, 404)
  const context = isRecord(body) ? body.context : undefined
  if (!isRecord(context)) return nodeError('context must be an object')
  const started = performance.now()
  let output: unknown
  switch (decision) {
    case 'shipping': {
      const { cartAmount, bottles, free, countryCode } = context
      if (
        typeof cartAmount !== 'number' ||
        typeof bottles !== 'number' ||
        typeof countryCode !== 'string'
      )
        return nodeError('shipping needs cartAmount, bottles and countryCode')
      output = shippingCost({ cartAmount, bottles, free: free === true, countryCode })
      break
    }
    case 'loyalty': {
      const { date, wineCode, vintage, volume } = context
      if (
        typeof date !== 'string' ||
        typeof wineCode !== 'string' ||
        (typeof vintage !== 'string' && typeof vintage !== 'number') ||
        typeof volume !== 'string'
      )
        return nodeError('loyalty needs date, wineCode, vintage and volume')
      output = cataloguePromotion(wineCode, String(vintage), volume)
      break
    }
    default:
      return json({ message: `Decision ${decision} not found` }, 404)
  }
  const ms = Math.max(0.1, performance.now() - started)
  return json({ result: { output }, performance: `${ms.toFixed(1)}ms` })
}

/**
 * The rules service (GoRules-style) behind the site's proxy, as the browser sees it (`npm run
 * demo`, the unit tests): `POST {rules.url}/evaluate/{decision}` with `{ context }` →
 * `{ result: { output }, performance }`.
 */
export const rulesHandlers = [
  http.post(
    '/api/rules/*',
    withFaults('rules', ({ url, body }) =>
      evaluate(/\/evaluate\/([^/]+)\/?$/.exec(url.pathname)?.[1], body),
    ),
  ),
]

/** Where the demo's rules project answers, and its access token (`npm run demo:prod`). */
export const RULES_BASE = 'https://rules.demo.invalid/api/projects/wine-shop'
export const RULES_TOKEN = 'demo-rules-access-token'

/** The rules service itself, behind the reference proxy: the access token is required. */
export const rulesServiceHandlers = [
  http.post(
    `${RULES_BASE}/evaluate/:decision`,
    withFaults('rules', ({ request, params, body }) => {
      if (request.headers.get('x-access-token') !== RULES_TOKEN)
        return json({ message: 'Invalid X-Access-Token Header' }, 401)
      return evaluate(typeof params.decision === 'string' ? params.decision : undefined, body)
    }),
  ),
]
