import { expect } from 'vitest'
import type { Fault } from '../faults'
import { SITE_ENDPOINT } from '../../src/report/report'

/**
 * The console.error arguments of a logged failure: a message that contains `text`, then what went
 * wrong. `expect(error).toHaveBeenCalledWith(...loggedFailure('faq: no question/answer pairs'))`.
 */
export const loggedFailure = (text: string) =>
  [expect.stringContaining(text), expect.anything()] as const

/** What a failed call's console line says it answered, for a fault the mocks inject. */
export function answerTo(fault: Fault): string {
  switch (fault.kind) {
    case 'status':
      return String(fault.status)
    case 'malformed':
      return 'malformed answer'
    case 'hang':
    case 'delay': // one the call gives up on: slower than its timeout
      return 'timeout'
    default:
      return 'network error'
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The console.error arguments of a failed call: one line and nothing else (`where`: who must
 * answer it, the site by default), what the shopper
 * missed, the call (`GET /api/collections/quotes/entries`; the query string the URL carries may
 * follow), what it answered and where the site's endpoints are described.
 * `expect(error).toHaveBeenCalledWith(...loggedCallFailure('quotes: …', 'GET /api/…', '500'))`.
 */
export const loggedCallFailure = (
  missed: string,
  call: string,
  answered: string,
  where: string = SITE_ENDPOINT,
) =>
  [
    expect.stringMatching(
      new RegExp(
        `^${escape(`[wine-widgets] ${missed} — ${call}`)}(\\?\\S*)? answered ${escape(
          `${answered} ${where}`,
        )}$`,
      ),
    ),
  ] as const
