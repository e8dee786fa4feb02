// @vitest-environment jsdom -- needs a DOM (storage, document, events)
/**
 * The mock back office's rate limits (mocks/rate-limits.ts): the contract's numbers, one counter
 * per client address and one per e-mail, and a reset for tests.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { probingTheMockServer } from './contract-listener'
import { MOCK_RATE_LIMITS, resetRateLimits } from './rate-limits'

probingTheMockServer('the tests exhaust the login limit on purpose')

interface Contract {
  paths: Record<string, { post?: { 'x-rate-limit'?: unknown } }>
}
// The YAML's shape is checked by `npm run lint:contract`; only these fields are read.
const contract = load(
  readFileSync(join(import.meta.dirname, '../contract/openapi.yaml'), 'utf8'),
) as Contract

async function login(email: string, address?: string): Promise<Response> {
  const token = await (await fetch('/cp/auth/token')).text()
  return fetch('/login/loginuser', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRF-TOKEN': token,
      ...(address && { 'X-Forwarded-For': address }),
    },
    body: JSON.stringify({ email, password: 'wrong' }),
  })
}

describe('the mock back office rate limits', () => {
  it('are the contract’s', () => {
    for (const [path, limits] of Object.entries(MOCK_RATE_LIMITS))
      expect(contract.paths[path]?.post?.['x-rate-limit'], path).toEqual(limits)
  })

  it('count login attempts per client address and per e-mail, then answer 429 with Retry-After', async () => {
    for (let n = 0; n < 5; n++) expect((await login('claire@example.com')).status).toBe(200)
    const limited = await login('claire@example.com')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ message: 'Too Many Attempts.' })
    // The address is used up, whatever the e-mail …
    expect((await login('tom@example.com')).status).toBe(429)
    // … and the e-mail, whatever the address; another address and e-mail may try.
    expect((await login('claire@example.com', '203.0.113.7')).status).toBe(429)
    expect((await login('tom@example.com', '203.0.113.7')).status).toBe(200)
  })

  it('start again after resetRateLimits, as after each test', async () => {
    for (let n = 0; n < 5; n++) await login('claire@example.com')
    expect((await login('claire@example.com')).status).toBe(429)
    resetRateLimits()
    expect((await login('claire@example.com')).status).toBe(200)
  })
})
