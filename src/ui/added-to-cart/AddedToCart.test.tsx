import { useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ADDED_TO_CART_MS, AddedToCart, type AddedNotice } from './AddedToCart'

/** An add button in French that confirms each addition, as the wine and bundle boxes do. */
function Harness({ disableAfterAdd = false }: { disableAfterAdd?: boolean }) {
  const [count, setCount] = useState(0)
  const [notice, setNotice] = useState<AddedNotice | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={disableAfterAdd && count > 0}
        onClick={() => {
          const next = count + 6
          setCount(next)
          setNotice({
            message: `Ajouté. Vous en avez maintenant ${next} dans votre panier.`,
            item: 'Pauillac Grand Vin · 2019 · 75cl',
          })
        }}
      >
        Ajouter au panier
      </button>
      <AddedToCart
        notice={notice}
        cartHref="/fr/panier"
        cartLabel="Voir le panier"
        closeLabel="Fermer ce message"
        returnFocus={button}
      />
    </>
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AddedToCart', () => {
  it('keeps an empty live region on the page until something is added (fr)', () => {
    render(<Harness />)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('announces the addition, shows the line and links to the cart; focus stays on the button (fr)', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const add = screen.getByRole('button', { name: 'Ajouter au panier' })
    await user.click(add)
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ajouté. Vous en avez maintenant 6 dans votre panier.',
    )
    expect(screen.getByText('Pauillac Grand Vin · 2019 · 75cl')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
    expect(add).toHaveFocus()
    // A second addition updates the same region.
    await user.click(add)
    expect(screen.getByRole('status')).toHaveTextContent('maintenant 12 dans votre panier.')
  })

  it('closes with its button and gives the focus back to the add button (fr)', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    await user.click(screen.getByRole('button', { name: 'Fermer ce message' }))
    expect(screen.queryByRole('link', { name: 'Voir le panier' })).toBeNull()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toHaveFocus()
  })

  it('closes on Escape (fr)', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('link', { name: 'Voir le panier' })).toBeNull()
  })

  it('goes away by itself after a while, but not while focus is inside (fr)', () => {
    vi.useFakeTimers()
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    act(() => {
      vi.advanceTimersByTime(ADDED_TO_CART_MS - 100)
    })
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toBeVisible()
    act(() => {
      screen.getByRole('link', { name: 'Voir le panier' }).focus()
    })
    act(() => {
      vi.advanceTimersByTime(ADDED_TO_CART_MS * 2)
    })
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toBeVisible()
    act(() => {
      screen.getByRole('button', { name: 'Ajouter au panier' }).focus()
    })
    act(() => {
      vi.advanceTimersByTime(ADDED_TO_CART_MS)
    })
    expect(screen.queryByRole('link', { name: 'Voir le panier' })).toBeNull()
  })

  it('moves focus to the cart link when the add button turns disabled (fr)', async () => {
    const user = userEvent.setup()
    render(<Harness disableAfterAdd />)
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toHaveFocus()
  })
})
