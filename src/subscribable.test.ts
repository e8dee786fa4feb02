import { describe, expect, it } from 'vitest'
import { createSubscribable } from './subscribable'

describe('createSubscribable', () => {
  it('tells its listeners in subscription order, with what notify passes', () => {
    const heard: string[] = []
    const subscribable = createSubscribable<[number, string]>()
    subscribable.subscribe((n, s) => heard.push(`first ${n} ${s}`))
    subscribable.subscribe((n, s) => heard.push(`second ${n} ${s}`))
    subscribable.notify(1, 'a')
    expect(heard).toEqual(['first 1 a', 'second 1 a'])
  })

  it('calls a listener given twice once, and no more once it unsubscribed', () => {
    let calls = 0
    const listener = () => (calls += 1)
    const subscribable = createSubscribable()
    const off = subscribable.subscribe(listener)
    subscribable.subscribe(listener)
    subscribable.notify()
    off()
    subscribable.notify()
    expect(calls).toBe(1)
  })

  it('skips a listener that another one removed during the same notify', () => {
    const heard: string[] = []
    const subscribable = createSubscribable()
    let offSecond = () => {}
    subscribable.subscribe(() => {
      heard.push('first')
      offSecond()
    })
    offSecond = subscribable.subscribe(() => heard.push('second'))
    subscribable.notify()
    expect(heard).toEqual(['first'])
  })

  it('tells nobody after clear', () => {
    const heard: string[] = []
    const subscribable = createSubscribable()
    subscribable.subscribe(() => heard.push('told'))
    subscribable.clear()
    subscribable.notify()
    expect(heard).toEqual([])
  })

  it('subscribes without its object (as useSyncExternalStore calls it)', () => {
    const heard: string[] = []
    const { subscribe, notify } = createSubscribable()
    subscribe(() => heard.push('told'))
    notify()
    expect(heard).toEqual(['told'])
  })
})
