import { describe, expect, it } from 'vitest'
import { trimmedText } from './trimmed-text'

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
