import { describe, expect, it } from 'vitest'
import type { PaymentProgress } from '../domain/payment-flow'
import { IDLE, nextStatus, type PaymentStatus, type StatusEvent } from './status'

// Cast: a partial snapshot, only what the status reads (the order number, total and droplets).
const progress = (done: PaymentProgress['done']) =>
  ({
    id: 'flow',
    key: '',
    orderId: 'S00042',
    intent: null,
    phase: 'charged',
    method: 'card',
    done,
    snapshot: { total: 75.65, orderPoints: 7 },
  }) as unknown as PaymentProgress

const THANKED: PaymentStatus = {
  state: 'finished',
  order: { orderId: 'S00042', total: 75.65, orderPoints: 7 },
}
const CONFIRMED = progress(['checkout', 'confirmation'])
const FINISHING: PaymentStatus = { state: 'finishing', stalled: false }

describe('nextStatus', () => {
  it.each<[string, PaymentStatus, StatusEvent, PaymentStatus]>([
    ['Pay pressed', IDLE, { type: 'pay' }, { state: 'paying' }],
    ['Pay pressed after a thank-you', THANKED, { type: 'pay' }, { state: 'paying' }],
    ['a lost confirmation read', IDLE, { type: 'read' }, { state: 'checking' }],
    [
      'a failure',
      { state: 'paying' },
      { type: 'fail', failure: { kind: 'order' } },
      { state: 'idle', failure: { kind: 'order' } },
    ],
    [
      'the steps running',
      { state: 'paying' },
      { type: 'finishing', stalled: true },
      { state: 'finishing', stalled: true },
    ],
    [
      'the steps running behind the thank-you',
      THANKED,
      { type: 'finishing', stalled: true },
      THANKED,
    ],
    ['the order confirmed', FINISHING, { type: 'progress', progress: CONFIRMED }, THANKED],
    [
      'a step done before the confirmation',
      FINISHING,
      { type: 'progress', progress: progress(['checkout']) },
      FINISHING,
    ],
    ['a run that charged nothing', { state: 'paying' }, { type: 'settled' }, IDLE],
    ['a read that charged nothing', { state: 'checking' }, { type: 'settled' }, IDLE],
    [
      'a run that ended on a failure',
      { state: 'idle', failure: { kind: 'sold-out' } },
      { type: 'settled' },
      { state: 'idle', failure: { kind: 'sold-out' } },
    ],
  ])('%s', (_, before, event, after) => {
    expect(nextStatus(before, event)).toEqual(after)
  })

  it('keeps the first thank-you (the same object: listeners hear nothing)', () => {
    const other = { ...CONFIRMED, orderId: 'S00043' }
    expect(nextStatus(THANKED, { type: 'progress', progress: other })).toBe(THANKED)
  })
})
