import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeLocks } from '../../mocks/fake-locks'
import { isMarkedPaid, markPaid, withPaymentLock } from './order-lock'

/** A piece of work that stays open until the test ends it, and says when it started. */
function gate(log: string[], label: string) {
  let open!: () => void
  const done = new Promise<void>((resolve) => {
    open = resolve
  })
  const work = async () => {
    log.push(`${label} start`)
    await done
    log.push(`${label} end`)
    return label
  }
  return { work, open }
}

/**
 * Two holders asking for the lock of `flows` (the same one twice unless told), each with a
 * gated piece of work; the log says which started and ended.
 */
function twoHolders(labels: [string, string], flows: [string, string] = ['flow-1', 'flow-1']) {
  const log: string[] = []
  const first = gate(log, labels[0])
  const second = gate(log, labels[1])
  const a = withPaymentLock(flows[0], first.work)
  const b = withPaymentLock(flows[1], second.work)
  return { log, first, second, a, b }
}

/** Puts the fake Web Locks on `navigator`; returns the lock names asked for. */
function stubLocks(): string[] {
  const { locks, names } = fakeLocks()
  vi.stubGlobal('navigator', { locks })
  return names
}

/** Lets every already queued promise callback run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the per-order payment lock (navigator.locks)', () => {
  it('runs two holders of the same flow one after the other, under a name per flow', async () => {
    const names = stubLocks()
    const { log, first, second, a, b } = twoHolders(['tab 1', 'tab 2'])
    await settle()
    // The second tab waits while the first one pays.
    expect(log).toEqual(['tab 1 start'])
    second.open()
    await settle()
    expect(log).toEqual(['tab 1 start'])
    first.open()
    await expect(a).resolves.toBe('tab 1')
    await expect(b).resolves.toBe('tab 2')
    expect(log).toEqual(['tab 1 start', 'tab 1 end', 'tab 2 start', 'tab 2 end'])
    expect(names).toEqual(['wine-widgets:payment:flow-1', 'wine-widgets:payment:flow-1'])
  })

  it('does not make different flows wait for each other', async () => {
    const names = stubLocks()
    const holders = twoHolders(['flow 1', 'flow 2'], ['flow-1', 'flow-2'])
    const { log, first: one, second: two, a, b } = holders
    await settle()
    expect(log).toEqual(['flow 1 start', 'flow 2 start'])
    two.open()
    await expect(b).resolves.toBe('flow 2')
    one.open()
    await expect(a).resolves.toBe('flow 1')
    expect(names).toEqual(['wine-widgets:payment:flow-1', 'wine-widgets:payment:flow-2'])
  })

  it("passes the holder's failure to its caller and then lets the next holder run", async () => {
    stubLocks()
    const failing = withPaymentLock('flow-1', () => Promise.reject(new Error('order creation')))
    const next = withPaymentLock('flow-1', () => Promise.resolve('paid'))
    await expect(failing).rejects.toThrow('order creation')
    await expect(next).resolves.toBe('paid')
  })

  it.each([
    ['no navigator at all (server side, old runtimes)', undefined],
    ['a navigator without the Locks API', {}],
    ['a navigator whose locks has no request()', { locks: {} }],
  ])('runs the work directly with %s, and returns its answer', async (_name, navigator) => {
    vi.stubGlobal('navigator', navigator)
    const { log, first, second, a, b } = twoHolders(['tab 1', 'tab 2'])
    await settle()
    // Nothing serialises them: the paid-order record and the idempotency keys guard instead.
    expect(log).toEqual(['tab 1 start', 'tab 2 start'])
    first.open()
    second.open()
    await expect(a).resolves.toBe('tab 1')
    await expect(b).resolves.toBe('tab 2')
    await expect(withPaymentLock('flow-1', () => Promise.reject(new Error('x')))).rejects.toThrow(
      'x',
    )
  })
})

describe('the paid marks (a lock held while the paying page lives)', () => {
  it('is seen by the next holder of a lock the marking page released, and by no other id', async () => {
    stubLocks()
    const next = withPaymentLock('cart:c1', async () => {
      await markPaid('cart:c1')
      return 'paid'
    })
    const after = withPaymentLock('cart:c1', () => isMarkedPaid('cart:c1'))
    await expect(next).resolves.toBe('paid')
    await expect(after).resolves.toBe(true)
    await expect(isMarkedPaid('cart:c2')).resolves.toBe(false)
    // Marking twice holds one mark and settles at once.
    await markPaid('cart:c1')
    await expect(isMarkedPaid('cart:c1')).resolves.toBe(true)
  })

  it.each([
    ['no navigator at all', undefined],
    ['a navigator without the Locks API', {}],
  ])('marks nothing and finds nothing with %s', async (_name, navigator) => {
    vi.stubGlobal('navigator', navigator)
    await markPaid('order:S1')
    await expect(isMarkedPaid('order:S1')).resolves.toBe(false)
  })
})
