import { describe, expect, it } from 'vitest'
import { defaultVariant } from './default-variant'

const bottle = (volume: string, qty_available = 12) => ({ volume, qty_available })

describe('defaultVariant: the bottle a sommelier card adds', () => {
  it('the 75 cl bottle of the first active vintage, not the first listed volume', () => {
    const choice = defaultVariant([
      { vintage: '2022', active: false, variants: [bottle('75cl')] },
      { vintage: '2021', active: true, variants: [bottle('37.5cl'), bottle('75cl', 4)] },
      { vintage: '2020', active: true, variants: [bottle('75cl')] },
    ])
    expect(choice).toEqual({ vintage: '2021', variant: { volume: '75cl', qty_available: 4 } })
  })

  it('reads "75 cl" written with a space or in capitals as the same bottle', () => {
    expect(
      defaultVariant([
        { vintage: '2019', active: true, variants: [bottle('150cl'), bottle('75 CL')] },
      ]),
    ).toEqual({ vintage: '2019', variant: { volume: '75 CL', qty_available: 12 } })
  })

  it('keeps the 75 cl bottle when it is sold out: the card shows it out of stock', () => {
    expect(
      defaultVariant([
        { vintage: '2023', active: true, variants: [bottle('37.5cl'), bottle('75cl', 0)] },
        { vintage: '2022', active: true, variants: [bottle('75cl', 9)] },
      ]),
    ).toEqual({ vintage: '2023', variant: { volume: '75cl', qty_available: 0 } })
  })

  it('without a 75 cl bottle: the first variant in stock of the active vintages', () => {
    expect(
      defaultVariant([
        { vintage: '2023', active: true, variants: [bottle('37.5cl', 0), bottle('150cl', 0)] },
        { vintage: '2022', active: true, variants: [bottle('37.5cl', 0), bottle('150cl', 3)] },
      ]),
    ).toEqual({ vintage: '2022', variant: { volume: '150cl', qty_available: 3 } })
  })

  it('nothing in stock and no 75 cl: the first listed variant, shown out of stock', () => {
    expect(
      defaultVariant([
        { vintage: '2023', active: true, variants: [bottle('37.5cl', 0)] },
        { vintage: '2022', active: true, variants: [bottle('150cl', -1)] },
      ]),
    ).toEqual({ vintage: '2023', variant: { volume: '37.5cl', qty_available: 0 } })
  })

  it('no active vintage with a variant: nothing to add', () => {
    expect(defaultVariant([])).toBeNull()
    expect(
      defaultVariant([
        { vintage: '2023', active: true, variants: [] },
        { vintage: '2022', active: false, variants: [bottle('75cl')] },
      ]),
    ).toBeNull()
  })
})
