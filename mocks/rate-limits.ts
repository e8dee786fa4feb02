/**
 * The rate limits the contract sets on the site's own account calls (contract/openapi.yaml,
 * `x-rate-limit`), enforced by the mock back office as a real site must: each entry is its own
 * counter (per client address, per e-mail), every attempt counts, a successful one too, and a call
 * past a limit answers 429 with `Retry-After`. mocks/rate-limits.test.ts holds this table to the
 * contract's (the browser's mocks cannot read the YAML).
 *
 * The attempts live in `db.rateLimits`, so they survive a reload in the browser and are reset with
 * the db (`resetDb()`, after each unit test); `resetRateLimits()` empties them alone, for a test
 * that logs in more often than a shopper may.
 */
import { db, saveDb } from './db'
import { json } from './route'

export type RateKey = 'client address' | 'e-mail'

export interface RateLimit {
  key: RateKey
  limit: number
  windowSeconds: number
}

export const MOCK_RATE_LIMITS = {
  '/login/loginuser': [
    { key: 'client address', limit: 5, windowSeconds: 60 },
    { key: 'e-mail', limit: 5, windowSeconds: 60 },
  ],
  '/login/isexistingemail': [{ key: 'client address', limit: 10, windowSeconds: 60 }],
  '/api/sendpasswordresetlink': [
    { key: 'client address', limit: 3, windowSeconds: 3600 },
    { key: 'e-mail', limit: 3, windowSeconds: 3600 },
  ],
} as const satisfies Record<string, readonly RateLimit[]>

export type LimitedPath = keyof typeof MOCK_RATE_LIMITS

/**
 * The client's address as the site's reverse proxy tells it (`X-Forwarded-For`'s last entry,
 * which demo-pages/prod.mjs sets from the socket); in the browser and the unit tests every call
 * comes from the one visitor there is.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').pop()?.trim()
  return forwarded || 'local'
}

/**
 * Counts this attempt against every limit of the call, or answers 429 when one is reached (the
 * attempt then counts nowhere). `now` is the clock's, as a real server's.
 */
export function rateLimited(
  path: LimitedPath,
  request: Request,
  email: string | null,
): Response | null {
  const now = Date.now()
  const rules: readonly RateLimit[] = MOCK_RATE_LIMITS[path]
  const keyed = rules.flatMap((rule) => {
    const value = rule.key === 'e-mail' ? email?.trim().toLowerCase() : clientAddress(request)
    if (!value) return []
    const counter = `${path} ${rule.key} ${value}`
    const since = now - rule.windowSeconds * 1000
    const attempts = (db.rateLimits[counter] ?? []).filter((at) => at > since)
    db.rateLimits[counter] = attempts
    return [{ rule, counter, attempts }]
  })
  const full = keyed.filter(({ rule, attempts }) => attempts.length >= rule.limit)
  if (full.length > 0) {
    const free = Math.max(
      ...full.map(({ rule, attempts }) => (attempts[0] ?? now) + rule.windowSeconds * 1000 - now),
    )
    saveDb()
    return json({ message: 'Too Many Attempts.' }, 429, {
      'Retry-After': String(Math.max(1, Math.ceil(free / 1000))),
    })
  }
  for (const { counter, attempts } of keyed) db.rateLimits[counter] = [...attempts, now]
  saveDb()
  return null
}

/** No attempt counted any more (the rest of the db is kept). */
export function resetRateLimits(): void {
  db.rateLimits = {}
  saveDb()
}
