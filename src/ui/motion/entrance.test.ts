import { afterEach, describe, expect, it, vi } from 'vitest'
import { riseIn } from './entrance'

/** A dialog element as far as the entrance sees it: something that can animate. */
function dialogElement() {
  const animate = vi.fn()
  // The entrance reads `animate` alone; a whole HTMLElement needs a DOM this node test has not.
  return { element: { animate } as unknown as HTMLElement, animate }
}

/** The shopper's motion preference, as `matchMedia` answers it. */
function prefers(motion: 'no-preference' | 'reduce') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(prefers-reduced-motion: ${motion})`,
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('riseIn', () => {
  it('plays the rise: from 0.75rem below and transparent to in place, in 160 ms', () => {
    prefers('no-preference')
    const { element, animate } = dialogElement()
    riseIn(element)
    expect(animate).toHaveBeenCalledTimes(1)
    expect(animate).toHaveBeenCalledWith(
      [
        { opacity: 0, transform: 'translateY(0.75rem)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 160, easing: 'ease-out' },
    )
  })

  it('plays nothing for a shopper who asks for reduced motion', () => {
    prefers('reduce')
    const { element, animate } = dialogElement()
    riseIn(element)
    expect(animate).not.toHaveBeenCalled()
  })

  it('shows the element without an entrance where the browser cannot animate it', () => {
    prefers('no-preference')
    expect(() => riseIn({} as unknown as HTMLElement)).not.toThrow()
  })
})
