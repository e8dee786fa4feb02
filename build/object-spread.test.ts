import { describe, expect, it } from 'vitest'
import { _ as spread } from './object-spread'
import { _ as spreadProps } from './object-spread-props'

const symbol = Symbol('s')
const hidden = Symbol('hidden')

/** A source with everything a spread treats specially. */
function source() {
  const object: Record<PropertyKey, unknown> = { a: 1, b: { nested: true } }
  object[symbol] = 'symbol'
  Object.defineProperty(object, 'secret', { value: 'not enumerable', enumerable: false })
  Object.defineProperty(object, hidden, { value: 'not enumerable', enumerable: false })
  Object.defineProperty(object, 'computed', { get: () => 'got', enumerable: true })
  return Object.assign(Object.create({ inherited: 'no' }) as object, object)
}

describe('the compiled-spread stand-ins copy what a spread copies', () => {
  it('{ ...a, ...b } and { ...a, key }: own enumerable keys and symbols, as values', () => {
    const a = source()
    const b = { b: 2, c: 3 }
    const ours = spreadProps(spread({}, a, b), { d: 4 })
    expect(ours).toEqual({ ...a, ...b, d: 4 })
    expect(Object.getOwnPropertySymbols(ours)).toEqual([symbol])
    expect(Object.keys(ours)).toEqual(Object.keys({ ...a, ...b, d: 4 }))
    expect(Object.getOwnPropertyDescriptor(ours, 'computed')).toEqual({
      value: 'got',
      writable: true,
      enumerable: true,
      configurable: true,
    })
    expect('inherited' in ours || 'secret' in ours).toBe(false)
  })

  it('skips null and undefined sources and spreads strings by index, like a spread', () => {
    expect(spread({}, null, undefined, 'hi')).toEqual({ 0: 'h', 1: 'i' })
  })

  it('copies an own __proto__ key as a property, never as the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object
    const ours = spread({}, parsed)
    const native = { ...parsed }
    expect(Object.getPrototypeOf(ours)).toBe(Object.prototype)
    expect((ours as { polluted?: boolean }).polluted).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(ours, '__proto__')).toEqual(
      Object.getOwnPropertyDescriptor(native, '__proto__'),
    )
  })

  it('writes over the target’s keys in order, later sources winning', () => {
    const target = { a: 0, z: 26 }
    expect(spreadProps(spread(target, { a: 1 }, { a: 2, b: 3 }), { b: 4 })).toBe(target)
    expect(target).toEqual({ a: 2, z: 26, b: 4 })
  })
})
