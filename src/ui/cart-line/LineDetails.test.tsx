import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { LineDetails } from './LineDetails'

describe('LineDetails', () => {
  it('gives a wine its vintage and volume, the ones it has, and a bundle the bundle text', () => {
    const { container } = render(
      <>
        <LineDetails
          line={{ type: 'product', vintage: '2019', volume: '75cl' }}
          bundleLabel="Box"
        />
        <LineDetails line={{ type: 'product', vintage: null, volume: '150cl' }} bundleLabel="Box" />
        <LineDetails
          line={{ type: 'bundle', vintage: null, volume: null }}
          bundleLabel="Box"
          className="details"
        />
      </>,
    )
    const spans = [...container.querySelectorAll('span')]
    expect(spans.map((s) => s.textContent)).toEqual(['2019 · 75cl', '150cl', 'Box'])
    expect(spans[2]).toHaveClass('details')
  })
})
