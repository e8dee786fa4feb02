import { describe, expect, it } from 'vitest'
import { isWineColor, wineColorOf } from './wine-color'

describe('wineColorOf: the part of c.color before the dash', () => {
  it.each<[unknown, string | null]>([
    ['red-7b1e2b', 'red'],
    ['yellow-e8d27c', 'yellow'],
    ['amber-d98b2b', 'amber'],
    ['pink-f2a7b5', 'pink'],
    ['red', 'red'],
    ['Red-7B1E2B', 'red'],
    [' pink-x ', 'pink'],
    ['purple-123', null],
    ['redish-1', null],
    ['-red', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (value, color) => {
    expect(wineColorOf(value)).toBe(color)
  })

  it('knows exactly the four colours', () => {
    expect(['yellow', 'red', 'amber', 'pink', 'white', 'rose'].filter(isWineColor)).toEqual([
      'yellow',
      'red',
      'amber',
      'pink',
    ])
  })
})
