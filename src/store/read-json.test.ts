import { describe, expect, it } from 'vitest'
import { readJson } from './read-json'

describe('readJson: stored JSON text read back', () => {
  it.each<[string, unknown]>([
    ['["a","b"]', ['a', 'b']],
    ['{"x":1}', { x: 1 }],
    ['null', null],
    ['3', 3],
    ['{"half":', undefined],
    ['', undefined],
    ['undefined', undefined],
  ])('%j → %j', (text, value) => {
    expect(readJson(text)).toEqual(value)
  })
})
