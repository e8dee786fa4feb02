import { describe, expect, it } from 'vitest'
import { toNumber, wholeCount } from './to-number'

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

describe('wholeCount (a count: bottles, points, gifts, entries)', () => {
  it.each([
    [3, 3],
    [2.7, 2],
    [0.5, 0],
    [0, 0],
    [-4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%f counts %i', (n, expected) => {
    expect(wholeCount(n)).toBe(expected)
  })
})
