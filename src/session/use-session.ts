import { useEffect } from 'react'
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
