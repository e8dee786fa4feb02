import { describe, expect, it } from 'vitest'
import { labelOrder } from './label-order'

const collator = (locale: string) =>
  new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })

describe('labelOrder', () => {
  it('sorts names by their label in the locale’s collation, as a sort with the collator would', () => {
    const names = ['Syrah', 'Sémillon', 'merlot', 'Merlot', 'Cabernet 10', 'Cabernet 9', 'Ürziger']
    const expected = [...names].sort(
      (a, b) => collator('fr').compare(a, b) || (a < b ? -1 : a > b ? 1 : 0),
    )
    expect([...names].sort(labelOrder(collator('fr'), (n) => n))).toEqual(expected)
    expect(expected.slice(0, 2)).toEqual(['Cabernet 9', 'Cabernet 10'])
  })

  it('orders by the shown label, reading each name’s label once across sorts', () => {
    const labels: Record<string, string> = { red: 'Rouge', white: 'Blanc', rose: 'Rosé' }
    const read: string[] = []
    const order = labelOrder(collator('fr'), (n) => {
      read.push(n)
      return labels[n] ?? n
    })
    expect(['red', 'white', 'rose'].sort(order)).toEqual(['white', 'rose', 'red'])
    expect(['rose', 'red', 'white'].sort(order)).toEqual(['white', 'rose', 'red'])
    expect(read.sort()).toEqual(['red', 'rose', 'white'])
  })

  it('stays consistent when new names arrive between and during sorts', () => {
    const order = labelOrder(collator('en'), (n) => n)
    const all = Array.from({ length: 300 }, (_, i) => `Wine ${(i * 7919) % 1000}`)
    expect(all.slice(0, 100).sort(order)).toEqual(
      all.slice(0, 100).sort((a, b) => collator('en').compare(a, b)),
    )
    // Two hundred names it has never seen, mixed with known ones.
    const mixed = [...all.slice(50, 300)].reverse()
    expect([...mixed].sort(order)).toEqual([...mixed].sort((a, b) => collator('en').compare(a, b)))
  })
})
