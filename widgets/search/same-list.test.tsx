import { describe, expect, it } from 'vitest'
import { renderHook } from '@testing-library/react'
import { useSameList } from './same-list'

interface Value {
  value: string
  count: number
}
const sameValue = (a: Value, b: Value) => a.value === b.value && a.count === b.count

/** The hook over a first list of two values. */
function setup() {
  const first: Value[] = [
    { value: 'Merlot', count: 3 },
    { value: 'Syrah', count: 1 },
  ]
  const hook = renderHook(({ items }) => useSameList(items, sameValue), {
    initialProps: { items: first },
  })
  return { first, ...hook }
}

describe('useSameList', () => {
  it('keeps the list it returned while a new list holds the same items', () => {
    const { first, result, rerender } = setup()
    expect(result.current).toBe(first)
    rerender({ items: first.map((item) => ({ ...item })) })
    expect(result.current).toBe(first)
  })

  it('returns the new list when an item, the order or the length changed, and keeps that one', () => {
    const { result, rerender } = setup()
    const counted = [
      { value: 'Merlot', count: 2 },
      { value: 'Syrah', count: 1 },
    ]
    rerender({ items: counted })
    expect(result.current).toBe(counted)
    rerender({ items: counted.map((item) => ({ ...item })) })
    expect(result.current).toBe(counted)
    const reordered = [...counted].reverse()
    rerender({ items: reordered })
    expect(result.current).toBe(reordered)
    const shorter = reordered.slice(1)
    rerender({ items: shorter })
    expect(result.current).toBe(shorter)
    const none: Value[] = []
    rerender({ items: none })
    expect(result.current).toBe(none)
  })
})
