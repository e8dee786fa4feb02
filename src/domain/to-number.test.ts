import { describe, expect, it } from 'vitest'
import { toNumber } from './to-number'

describe('toNumber (a number from outside data)', () => {
  it.each([
    [12, 12],
    [19.5, 19.5],
    ['42', 42],
    [' 7.25 ', 7.25],
    ['', null],
    ['  ', null],
    ['12abc', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
    [true, null],
    [{}, null],
  ])('%j gives %j', (input, expected) => {
    expect(toNumber(input)).toBe(expected)
  })
})
