/**
 * Request limits per key (a shopper, an address) over a fixed window, by rate-limiter-flexible:
 * in process memory for one instance, in Redis when several instances serve the proxies (every
 * instance then counts against the same numbers). A Redis that stops answering never stops the
 * shop: each instance falls back to its own memory count (the library's insurance limiter) until
 * Redis is back.
 */
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'

export interface LimitRule {
  /** Names the counter: limiters sharing a store need different names. */
  name: string
  /** Requests allowed per window. */
  points: number
  /** The window, in seconds. */
  duration: number
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfter: number }

export interface Limiter {
  /** Counts one request for `key`; `retryAfter` (seconds) when the window is used up. */
  consume(key: string): Promise<LimitResult>
}

/**
 * Where the counts live. Redis: an ioredis client created with `enableOfflineQueue: false`, so a
 * request never waits for a lost connection (it is counted in memory meanwhile).
 */
export type LimitStore = { kind: 'memory' } | { kind: 'redis'; client: Redis; prefix?: string }

/** Every key prefix in a shared Redis starts with this, so the proxies' keys are easy to find. */
export const REDIS_PREFIX = 'wine-proxy'

function wrap(limiter: RateLimiterAbstract): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key)
        return { allowed: true }
      } catch (rejection) {
        // The library rejects with a RateLimiterRes when the points are used up, with an Error
        // when the store failed (not with an insurance limiter, which answers instead).
        if (rejection instanceof RateLimiterRes)
          return {
            allowed: false,
            retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          }
        throw rejection
      }
    },
  }
}

export function createLimiter(rule: LimitRule, store: LimitStore = { kind: 'memory' }): Limiter {
  const { name, points, duration } = rule
  if (store.kind === 'memory')
    return wrap(new RateLimiterMemory({ keyPrefix: name, points, duration }))
  return wrap(
    new RateLimiterRedis({
      storeClient: store.client,
      keyPrefix: `${store.prefix ?? REDIS_PREFIX}:${name}`,
      points,
      duration,
      // Do not even try while the connection is down: the memory count answers at once.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    }),
  )
}

/** A limiter that never limits (a proxy configured without one for a path). */
export const unlimited: Limiter = { consume: () => Promise.resolve({ allowed: true }) }
