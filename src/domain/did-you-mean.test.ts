import { describe, expect, it } from 'vitest'
import { didYouMean } from './did-you-mean'

const VALUES = [
  'Lambrusco',
  'Merlot',
  'Pinot Noir',
  'Pinot Gris',
  'Mâcon',
  'Gamay',
  'Côtes du Rhône',
]

describe('didYouMean', () => {
  it.each([
    ['one word among others', 'zzqxy lambrusco unicorn', 'Lambrusco'],
    ['a misspelt word', 'lambrusko', 'Lambrusco'],
    ['two edits in a long word', 'lambruscco pétillant', 'Lambrusco'],
    ['case and accents ignored', 'blanc de MACON', 'Mâcon'],
    ['a value of two words', 'pinot nior', 'Pinot Noir'],
    ['a value of three words', 'cotes du rohne rouge', 'Côtes du Rhône'],
    ['the fewest edits win', 'pinot gri', 'Pinot Gris'],
    ['one edit in a five-letter word', 'gamau', 'Gamay'],
    ['extra spaces', '  merlott   ', 'Merlot'],
  ])('%s: %s → %s', (_, query, value) => {
    expect(didYouMean(query, VALUES)).toBe(value)
  })

  it.each([
    ['nothing close', 'zzqxy unicorn'],
    ['too many edits', 'lmbrsk'],
    ['two edits in a five-letter word', 'gamxx'],
    ['an empty query', ''],
    ['the query is the value already', 'Merlot'],
    ['the same, another case', 'pinot noir'],
  ])('none for %s (%s)', (_, query) => {
    expect(didYouMean(query, VALUES)).toBeNull()
  })

  it('prefers the longer value on a tie, then the first listed', () => {
    expect(didYouMean('pinot', ['Pinot', 'Pinot Noir'])).toBe(null)
    expect(didYouMean('pinott', ['Pinot', 'Pinots'])).toBe('Pinots')
    expect(didYouMean('merlat', ['Merlot', 'Merlet'])).toBe('Merlot')
  })

  it('names none among no values', () => {
    expect(didYouMean('merlot', [])).toBeNull()
  })
})
