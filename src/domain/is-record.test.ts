import { describe, expect, it } from 'vitest'
import { isRecord, trimmedText } from './is-record'

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

describe('trimmedText: a text field of outside data', () => {
  it.each<[unknown, string]>([
    ['Merlot', 'Merlot'],
    ['  Château Margaux \n', 'Château Margaux'],
    ['   ', ''],
    ['', ''],
    [42, ''],
    [null, ''],
    [undefined, ''],
    [{ title: 'x' }, ''],
    [['x'], ''],
  ])('%j → %j', (value, expected) => {
    expect(trimmedText(value)).toBe(expected)
  })
})
