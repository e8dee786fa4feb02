import { describe, expect, it } from 'vitest'
import { badgeFallbackLabel, wineBadgeOf } from './wine-badge'

describe('wineBadgeOf: the six translated badges from the badge image path', () => {
  it.each<[unknown, string | null]>([
    ['/assets/badges/method-biodynamic.svg', 'biodynamic'],
    ['/assets/badges/method-organic.svg', 'organic'],
    ['/assets/badges/method-natural.svg', 'natural'],
    ['/assets/badges/type-sparkling.svg', 'sparkling'],
    ['/assets/badges/type-sweet.svg', 'sweet'],
    ['/assets/badges/type-no-alcohol.svg', 'noAlcohol'],
    ['https://cdn.example.com/img/Organic.PNG?v=3', 'organic'],
    ['/img/bio.svg', 'organic'],
    ['/img/biodynamie.svg', 'biodynamic'],
    ['/img/vin-nature.svg', 'natural'],
    ['/img/semi-sweet.svg', 'sweet'],
    ['/img/alcohol-free.svg', 'noAlcohol'],
    ['/img/sans-alcool.svg', 'noAlcohol'],
    ['/img/petillant.svg', 'sparkling'],
    ['/assets/badges/method-vegan.svg', null],
    ['/img/biography.svg', null],
    ['', null],
    [null, null],
    [3, null],
  ])('%j → %j', (image, badge) => {
    expect(wineBadgeOf(image)).toBe(badge)
  })
})

describe('badgeFallbackLabel', () => {
  it.each([
    ['/assets/badges/method-vegan.svg', 'method vegan'],
    ['amphora_aged.png', 'amphora aged'],
    ['/', '/'],
  ])('%s → %s', (image, label) => {
    expect(badgeFallbackLabel(image)).toBe(label)
  })
})
