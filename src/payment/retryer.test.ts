import { describe, expect, it } from 'vitest'
import { BACKOFF_MS, backoffDelay, createRetryer } from './retryer'

describe('backoffDelay', () => {
  it.each([
    [0, 1_000],
    [1, 1_000],
    [5, 16_000],
    [6, 30_000],
    [50, 30_000],
  ])('after %i failures in a row waits %i ms', (failures, ms) => {
    expect(backoffDelay(failures)).toBe(ms)
  })

  it('follows a table of its own', () => {
    expect(backoffDelay(3, [5, 10])).toBe(10)
  })
})

describe('createRetryer', () => {
  it('waits each delay in turn, then gives up; a success starts again', async () => {
    const waits: number[] = []
    const retryer = createRetryer([5, 10], async (ms) => void waits.push(ms))
    expect(retryer.nextDelay()).toBe(5)
    await retryer.pause()
    await retryer.pause()
    expect(retryer.failures()).toBe(2)
    expect(retryer.nextDelay()).toBeUndefined()
    retryer.reset()
    expect(retryer.nextDelay()).toBe(5)
    expect(waits).toEqual([5, 10])
  })

  it('ends a wait at once when woken', async () => {
    const retryer = createRetryer(BACKOFF_MS, () => new Promise<void>(() => undefined))
    const pausing = retryer.pause()
    retryer.wake()
    await expect(pausing).resolves.toBeUndefined()
  })
})
