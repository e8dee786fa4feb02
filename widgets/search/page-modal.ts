import { useEffect, useState, useSyncExternalStore } from 'react'
import { pageSlot } from '../../src/page/page-context'
import { createSubscribable } from '../../src/subscribable'

/**
 * One modal per page: when several search tags are on a page (e.g. a desktop and a mobile
 * header), one of them owns the modal (the first mounted; another takes over if it goes away)
 * and every trigger opens it through the bus. The page keeps who owns it and the trigger that
 * was pressed last, whichever root it is in (focus goes back to it).
 */
function createPageModal() {
  let owner: symbol | null = null
  let lastTrigger: HTMLElement | null = null
  const listeners = createSubscribable()
  const setOwner = (next: symbol | null) => {
    owner = next
    listeners.notify()
  }
  return {
    subscribe: listeners.subscribe,
    owns: (me: symbol) => owner === me,
    claim(me: symbol) {
      if (owner === null) setOwner(me)
    },
    release(me: symbol) {
      if (owner === me) setOwner(null)
    },
    pressed(trigger: HTMLElement | null) {
      lastTrigger = trigger
    },
    /** The trigger pressed last, once. */
    takeLastTrigger(): HTMLElement | null {
      const last = lastTrigger
      lastTrigger = null
      return last
    },
  }
}

type PageModal = ReturnType<typeof createPageModal>

export const pageModal = pageSlot(createPageModal)

/** Claims the page's modal for this instance when nobody owns it; true while it does. */
export function useModalOwnership(modal: PageModal): boolean {
  const [me] = useState(() => Symbol('search-modal'))
  const isOwner = useSyncExternalStore(
    modal.subscribe,
    () => modal.owns(me),
    () => false,
  )
  useEffect(() => {
    const off = modal.subscribe(() => modal.claim(me))
    modal.claim(me)
    return () => {
      off()
      modal.release(me)
    }
  }, [me, modal])
  return isOwner
}
