import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Modal, type ModalHandle } from './Modal'

function Harness({ onClose, keepLaidOut }: { onClose?: () => void; keepLaidOut?: boolean }) {
  const [open, setOpen] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const close = () => {
    onClose?.()
    setOpen(false)
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <a href="#behind">Lien derrière</a>
      <Modal
        open={open}
        onClose={close}
        label="Recherche de vins"
        initialFocus={input}
        keepLaidOut={keepLaidOut}
      >
        <button type="button">Filtres</button>
        <input ref={input} aria-label="Chercher" />
        <div hidden>
          <button type="button">Caché</button>
        </div>
        <button type="button" onClick={close}>
          Fermer
        </button>
      </Modal>
    </>
  )
}

/** Motion allowed, and the elements asked to animate recorded (jsdom animates nothing). */
function recordEntrances() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: no-preference)',
  }))
  const animated: Element[] = []
  HTMLElement.prototype.animate = function (this: HTMLElement) {
    animated.push(this)
    return {} as Animation // what jsdom cannot build; the Modal does not read it
  }
  const restore = () => {
    // @ts-expect-error -- jsdom's HTMLElement has no animate of its own to put back
    delete HTMLElement.prototype.animate
    vi.unstubAllGlobals()
  }
  return { animated, restore }
}

/** A kept modal shown by `showNow` from a tap ("Montrer"), rendered open later ("Ouvrir"). */
function EarlyHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  const modal = useRef<ModalHandle>(null)
  const hide = useRef<(() => void) | null>(null)
  const close = () => {
    onClose?.()
    hide.current?.()
    setOpen(false)
  }
  return (
    <>
      <button type="button" onClick={() => (hide.current = modal.current?.showNow() ?? null)}>
        Montrer
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <Modal ref={modal} open={open} onClose={close} label="Recherche de vins" keepLaidOut>
        <button type="button">Filtres</button>
        <button type="button" onClick={close}>
          Fermer
        </button>
      </Modal>
    </>
  )
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus where asked', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))
    const dialog = screen.getByRole('dialog', { name: 'Recherche de vins' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('textbox', { name: 'Chercher' })).toHaveFocus()
  })

  it('keeps Tab and Shift+Tab inside, skipping hidden buttons', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))
    await user.tab()
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Filtres' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus()
  })

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Ouvrir' })
    await user.click(opener)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('gives focus back to the opener after its own close button', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Ouvrir' })
    await user.click(opener)
    await user.click(screen.getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('locks the page scroll while open, from the paint after the tap, and restores it after', async () => {
    const user = userEvent.setup()
    document.body.style.overflow = 'auto'
    render(<Harness />)
    // The tap's own frame relays out the dialog alone, not the whole page for the lock.
    act(() => screen.getByRole('button', { name: 'Ouvrir' }).click())
    expect(screen.getByRole('dialog')).toBeVisible()
    expect(document.body.style.overflow).toBe('auto')
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))
    expect(document.documentElement.style.overflow).toBe('hidden')
    await user.keyboard('{Escape}')
    expect(document.body.style.overflow).toBe('auto')
    expect(document.documentElement.style.overflow).toBe('')
    document.body.style.overflow = ''
  })

  it('kept laid out: closed, it is in the page but hidden and out of reach; it opens and closes as usual', async () => {
    const user = userEvent.setup()
    document.body.style.overflow = 'auto'
    render(<Harness keepLaidOut />)
    const kept = document.querySelector('[role="dialog"]')
    expect(kept).not.toBeNull()
    expect(kept!.closest('[hidden]')).not.toBeNull()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('auto')

    const opener = screen.getByRole('button', { name: 'Ouvrir' })
    await user.click(opener)
    // The same element, shown: what the browser had styled and laid out is what opens.
    expect(screen.getByRole('dialog', { name: 'Recherche de vins' })).toBe(kept)
    expect(screen.getByRole('textbox', { name: 'Chercher' })).toHaveFocus()
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))
    await user.tab()
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.querySelector('[role="dialog"]')).toBe(kept)
    expect(opener).toHaveFocus()
    expect(document.body.style.overflow).toBe('auto')
    document.body.style.overflow = ''
  })

  it('plays its entrance on the dialog at each opening, the kept one too', async () => {
    const user = userEvent.setup()
    const { animated, restore } = recordEntrances()
    try {
      render(<Harness keepLaidOut />)
      const opener = screen.getByRole('button', { name: 'Ouvrir' })
      await user.click(opener)
      const dialog = screen.getByRole('dialog', { name: 'Recherche de vins' })
      expect(animated).toEqual([dialog])
      await user.keyboard('{Escape}')
      expect(animated).toHaveLength(1)
      await user.click(opener)
      expect(animated).toEqual([dialog, dialog])
    } finally {
      restore()
    }
  })

  it('kept laid out, shown by the tap itself: reachable and focused at once, scroll locked after the paint', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    document.body.style.overflow = 'auto'
    render(<EarlyHarness onClose={onClose} />)
    const shower = screen.getByRole('button', { name: 'Montrer' })
    await user.click(shower)
    // No render of React opened it: the dialog works as an open one all the same.
    expect(screen.getByRole('dialog', { name: 'Recherche de vins' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Filtres' })).toHaveFocus()
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))
    await user.tab()
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Filtres' })).toHaveFocus()

    // Closed before its render came: hidden again, the scroll and the focus given back.
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(shower).toHaveFocus()
    expect(document.body.style.overflow).toBe('auto')

    // And it can be shown that way again.
    await user.click(shower)
    expect(screen.getByRole('dialog', { name: 'Recherche de vins' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('auto')
    document.body.style.overflow = ''
  })

  it('shown by the tap, then rendered open: taken over as it is, one lock, one entrance', async () => {
    const user = userEvent.setup()
    const { animated, restore } = recordEntrances()
    document.body.style.overflow = 'auto'
    try {
      render(<EarlyHarness />)
      const shower = screen.getByRole('button', { name: 'Montrer' })
      await user.click(shower)
      const dialog = screen.getByRole('dialog', { name: 'Recherche de vins' })
      await user.tab()
      const closer = screen.getByRole('button', { name: 'Fermer' })
      expect(closer).toHaveFocus()
      // The owner's render: nothing is done twice, and the focus stays where the shopper put it.
      act(() => screen.getByRole('button', { name: 'Ouvrir', hidden: true }).click())
      expect(screen.getByRole('dialog', { name: 'Recherche de vins' })).toBe(dialog)
      expect(closer).toHaveFocus()
      expect(animated).toEqual([dialog])

      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(shower).toHaveFocus()
      expect(document.body.style.overflow).toBe('auto')
    } finally {
      restore()
      document.body.style.overflow = ''
    }
  })

  it.each([
    ['not kept, rendered open', () => <Harness />, 'Ouvrir'],
    ['kept, rendered open', () => <EarlyHarness />, 'Ouvrir'],
    ['kept, shown by the tap', () => <EarlyHarness />, 'Montrer'],
  ])(
    '%s: the page’s scrollbar is measured after the paint, not in the tap',
    async (_, page, tap) => {
      const user = userEvent.setup()
      // A page with a 15 px scrollbar: a read in the tap would lay out the new dialog inside it.
      let reads = 0
      const clientWidth = vi
        .spyOn(document.documentElement, 'clientWidth', 'get')
        .mockImplementation(() => {
          reads += 1
          return window.innerWidth - 15
        })
      try {
        render(page())
        act(() => screen.getByRole('button', { name: tap }).click())
        expect(screen.getByRole('dialog')).toBeVisible()
        expect(reads).toBe(0)
        await waitFor(() => expect(document.body.style.paddingRight).toBe('15px'))
        await user.keyboard('{Escape}')
        expect(document.body.style.paddingRight).toBe('')
      } finally {
        clientWidth.mockRestore()
      }
    },
  )

  it('shows nothing early when it is not kept laid out, or already shown', async () => {
    const handle = { current: null as ModalHandle | null }
    const { rerender } = render(
      <Modal ref={handle} open={false} onClose={() => {}} label="Recherche de vins">
        <button type="button">Filtres</button>
      </Modal>,
    )
    expect(handle.current?.showNow()).toBeNull()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    rerender(
      <Modal ref={handle} open={false} onClose={() => {}} label="Recherche de vins" keepLaidOut>
        <button type="button">Filtres</button>
      </Modal>,
    )
    let hide: (() => void) | null | undefined
    act(() => void (hide = handle.current?.showNow()))
    expect(hide).toBeTypeOf('function')
    expect(screen.getByRole('dialog', { name: 'Recherche de vins' })).toBeVisible()
    expect(handle.current?.showNow()).toBeNull()
    act(() => hide?.())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
  })

  it('names the dialog shown early as asked, and by its label again once hidden', () => {
    const handle = { current: null as ModalHandle | null }
    render(
      <Modal ref={handle} open={false} onClose={() => {}} label="Recherche de vins" keepLaidOut>
        <button type="button">Filtres</button>
      </Modal>,
    )
    let hide: (() => void) | null | undefined
    act(() => void (hide = handle.current?.showNow('Sommelier')))
    expect(screen.getByRole('dialog', { name: 'Sommelier' })).toBeVisible()
    act(() => hide?.())
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAccessibleName('Recherche de vins')
  })

  it('brings focus back inside when something outside takes it', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))
    screen.getByRole('link', { name: 'Lien derrière', hidden: true }).focus()
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement)
  })

  it('keeps the focus inside when the element that had it is taken out of the dialog', async () => {
    function Swapping() {
      const [step, setStep] = useState(0)
      return (
        <Modal open onClose={() => {}} label="X">
          <button type="button">Fermer</button>
          {step === 0 && (
            <button type="button" onClick={() => setStep(1)}>
              Suivant
            </button>
          )}
        </Modal>
      )
    }
    const user = userEvent.setup()
    render(<Swapping />)
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    // The browser puts the focus on the body, with no event: the dialog takes it back.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus())
  })

  it('falls back to returnFocus when the opener is gone', async () => {
    function Gone() {
      const [open, setOpen] = useState(false)
      const [opener, setOpener] = useState(true)
      const fallback = useRef<HTMLButtonElement>(null)
      return (
        <>
          <button ref={fallback} type="button">
            Loupe
          </button>
          {opener && (
            <button type="button" onClick={() => setOpen(true)}>
              Ouvrir
            </button>
          )}
          <Modal open={open} onClose={() => setOpen(false)} label="X" returnFocus={fallback}>
            <button type="button" onClick={() => setOpener(false)}>
              Retirer
            </button>
          </Modal>
        </>
      )
    }
    const user = userEvent.setup()
    render(<Gone />)
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }))
    await user.click(screen.getByRole('button', { name: 'Retirer' }))
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Loupe' })).toHaveFocus()
  })
})
