import { afterEach, describe, expect, it, vi } from 'vitest'
import { BUSY_REPEAT_MS, createPaymentHold } from './checkout-hold'
import { tabLine as line } from '../../mocks/tab-line'

afterEach(() => {
  vi.useRealTimers()
})

describe('the payment hold across tabs', () => {
  it('holds the other tabs while one pays, and lets them go when it ends', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') })
    const join = line()
    const paying = createPaymentHold(join())
    const other = createPaymentHold(join())
    const heard = vi.fn()
    other.subscribe(heard)
    expect(other.isElsewhere()).toBe(false)

    paying.setBusy(true)
    expect(other.isElsewhere()).toBe(true)
    expect(paying.isElsewhere()).toBe(false)
    expect(heard).toHaveBeenCalledTimes(1)

    paying.setBusy(false)
    expect(other.isElsewhere()).toBe(false)
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('a tab opened while another pays learns it at once', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') })
    const join = line()
    const paying = createPaymentHold(join())
    paying.setBusy(true)
    const later = createPaymentHold(join())
    expect(later.isElsewhere()).toBe(true)
  })

  it('keeps holding through a long payment, and stops once a closed tab’s word runs out', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') })
    const join = line()
    const paying = createPaymentHold(join())
    const other = createPaymentHold(join())
    paying.setBusy(true)
    vi.advanceTimersByTime(10 * BUSY_REPEAT_MS)
    expect(other.isElsewhere()).toBe(true)

    // A tab that said it pays, then crashed: no goodbye, no repeat.
    const crashed = join()
    crashed.post({ type: 'paying', from: 'crashed-tab', on: true })
    paying.setBusy(false)
    const heard = vi.fn()
    other.subscribe(heard)
    expect(other.isElsewhere()).toBe(true)
    vi.advanceTimersByTime(3 * BUSY_REPEAT_MS)
    expect(other.isElsewhere()).toBe(false)
    // Its subscribers heard it when the word ran out: the cart page unlocks by itself.
    expect(heard).toHaveBeenCalled()
  })

  it('a tab closed while paying lets the others go', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') })
    const join = line()
    const paying = createPaymentHold(join())
    const other = createPaymentHold(join())
    paying.setBusy(true)
    paying.close()
    expect(other.isElsewhere()).toBe(false)
  })

  it('ignores what is not a word of a hold', () => {
    const join = line()
    const other = createPaymentHold(join())
    const sender = join()
    sender.post('garbage')
    sender.post({ type: 'paying', on: true })
    sender.post(null)
    expect(other.isElsewhere()).toBe(false)
  })
})
