import type { Fault } from '../faults'

/**
 * Failures of a call, each with the words a test title gives it: a test picks the ones it runs,
 * `it.each([HTTP_500, NETWORK_ERROR])('shows … after %s', async (_, fault) => …)`.
 */
export type NamedFault = [name: string, fault: Fault]

export const HTTP_500: NamedFault = ['HTTP 500', { kind: 'status', status: 500 }]
export const HTTP_503: NamedFault = ['HTTP 503', { kind: 'status', status: 503 }]
export const HTTP_422: NamedFault = ['HTTP 422', { kind: 'status', status: 422 }]
export const HTTP_429: NamedFault = ['HTTP 429', { kind: 'status', status: 429 }]
export const NETWORK_ERROR: NamedFault = ['a network error', { kind: 'network' }]
export const MALFORMED_JSON: NamedFault = ['malformed JSON', { kind: 'malformed' }]
