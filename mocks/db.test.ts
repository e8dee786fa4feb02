// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { afterEach, expect, it, vi } from 'vitest'
import { db, DB_STORAGE_KEY, persistDbIn, resetDb, saveDb } from './db'
import { stripeServer } from './stripe-server'
import { createKeyedOrder } from './test-setups/orders'
import { probingTheMockServer } from './contract-listener'

// The subject here is the mock server's state: the requests are the tests' own, not the widgets'.
// The answers are still checked against the contract.
probingTheMockServer('the tests call the mock server directly')

afterEach(() => persistDbIn(null))

it('keeps the session across page loads when persisted in sessionStorage (the browser demo)', async () => {
  persistDbIn(sessionStorage)
  const token = await (await fetch('/cp/auth/token')).text()
  await fetch('/login/loginuser', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token },
    body: JSON.stringify({ email: 'tom@example.com', password: 'droplets-50' }),
  })
  expect(JSON.parse(sessionStorage.getItem(DB_STORAGE_KEY)!)).toMatchObject({
    sessionEmail: 'tom@example.com',
  })

  // A reload: the page's module state is gone, the stored db comes back.
  Object.assign(db, { sessionEmail: null, calls: [] })
  persistDbIn(sessionStorage)
  expect(db.sessionEmail).toBe('tom@example.com')
  expect(db.calls.map((c) => c.call)).toEqual(['csrf', 'loginuser'])
})

it('starts fresh when the stored db is unreadable', () => {
  sessionStorage.setItem(DB_STORAGE_KEY, '{not json')
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  persistDbIn(sessionStorage)
  expect(warn).toHaveBeenCalled()
  expect(db.sessionEmail).toBeNull()
  expect(db.users).toHaveLength(2)
})

it('resetDb also resets the stored copy', () => {
  persistDbIn(sessionStorage)
  db.sessionEmail = 'claire@example.com'
  saveDb()
  resetDb()
  expect(JSON.parse(sessionStorage.getItem(DB_STORAGE_KEY)!)).toMatchObject({ sessionEmail: null })
})

it('keeps the answers of keyed calls across page loads, so a retry after a reload replays', async () => {
  persistDbIn(sessionStorage)
  const create = () => createKeyedOrder('nl')
  const first = await (await create()).json()

  // A reload: the page's module state is gone, the stored db comes back.
  Object.assign(db, { orders: [], idempotent: {} })
  persistDbIn(sessionStorage)
  const again = await create()
  expect(again.headers.get('Idempotent-Replayed')).toBe('true')
  expect(await again.json()).toEqual(first)
  expect(db.orders).toHaveLength(1)
})

it('resetDb also resets the Stripe server', () => {
  stripeServer.createIntent({ amount: 100, description: 'S04201', customer_email: 'a@b.c' })
  resetDb()
  expect(stripeServer.state()).toEqual({ intents: [], charges: [] })
})
