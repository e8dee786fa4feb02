import { describe, expect, it } from 'vitest'
import { isRecord } from './is-record'

describe('isRecord: a plain object whose fields can be read', () => {
  it.each<[unknown, boolean]>([
    [{}, true],
    [{ a: 1 }, true],
    [null, false],
    [undefined, false],
    [[], false],
    ['text', false],
    [3, false],
  ])('%j → %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected)
  })
})
