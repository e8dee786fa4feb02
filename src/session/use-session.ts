import { useEffect, useState } from 'react'
import type { SessionState } from '../domain/types'
import type { StoreState } from '../store/state'
import { useStore } from '../store/shared-store'
import { ensureSessionChecked } from './session'

const selectSession = (state: StoreState) => state.session

/**
 * The session as the store holds it (the one source of truth, shared by every root). The first
 * component to use it starts the page's single current-user check.
 */
export function useSession(): SessionState {
  useEffect(() => {
    void ensureSessionChecked()
  }, [])
  return useStore(selectSession)
}

/** Whether the page's one current-user check has answered (it never rejects). */
export function useSessionChecked(): boolean {
  const [checked, setChecked] = useState(false)
  useEffect(() => {
    let live = true
    void ensureSessionChecked().then(() => {
      if (live) setChecked(true)
    })
    return () => {
      live = false
    }
  }, [])
  return checked
}
