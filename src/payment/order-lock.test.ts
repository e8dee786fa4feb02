import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeLocks } from '../../mocks/fake-locks'
import { withPaymentLock } from './order-lock'

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

/** Lets every already queued promise callback run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the per-order payment lock (navigator.locks)', () => {
  it('runs two holders of the same flow one after the other, under a name per flow', async () => {
    const { locks, names } = fakeLocks()
    vi.stubGlobal('navigator', { locks })
    const log: string[] = []
    const first = gate(log, 'tab 1')
    const second = gate(log, 'tab 2')
    const a = withPaymentLock('flow-1', first.work)
    const b = withPaymentLock('flow-1', second.work)
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
    const { locks, names } = fakeLocks()
    vi.stubGlobal('navigator', { locks })
    const log: string[] = []
    const one = gate(log, 'flow 1')
    const two = gate(log, 'flow 2')
    const a = withPaymentLock('flow-1', one.work)
    const b = withPaymentLock('flow-2', two.work)
    await settle()
    expect(log).toEqual(['flow 1 start', 'flow 2 start'])
    two.open()
    await expect(b).resolves.toBe('flow 2')
    one.open()
    await expect(a).resolves.toBe('flow 1')
    expect(names).toEqual(['wine-widgets:payment:flow-1', 'wine-widgets:payment:flow-2'])
  })

  it("passes the holder's failure to its caller and then lets the next holder run", async () => {
    const { locks } = fakeLocks()
    vi.stubGlobal('navigator', { locks })
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
    const log: string[] = []
    const first = gate(log, 'tab 1')
    const second = gate(log, 'tab 2')
    const a = withPaymentLock('flow-1', first.work)
    const b = withPaymentLock('flow-1', second.work)
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
