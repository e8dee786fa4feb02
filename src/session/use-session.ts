import { useEffect, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { SessionState } from '../domain/types'
import type { StoreState } from '../store/state'
import { useStore } from '../store/shared-store'
import {
  createAccount,
  ensureSessionChecked,
  login,
  logout,
  type CreateAccountResult,
  type LoginResult,
  type LogoutOptions,
} from './session'
import type { NewAccount } from '../api/session'

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

/**
 * Whether the page's one current-user check has answered (it never rejects). `fresh`: the widget
 * makes account calls for the stored user (the account page, the invoices), so this page asks the
 * server even when an earlier page of the tab confirmed the session moments ago.
 */
export function useSessionChecked({ fresh = false }: { fresh?: boolean } = {}): boolean {
  const [checked, setChecked] = useState(false)
  useEffect(() => {
    let live = true
    void ensureSessionChecked({ fresh }).then(() => {
      if (live) setChecked(true)
    })
    return () => {
      live = false
    }
  }, [fresh])
  return checked
}

/**
 * Logging in as a mutation: `isPending` while it runs, the outcome (`ok`, `invalid`, `error`) as
 * its data (`login` never rejects; failures are logged there). Never retried. `onDone` is a
 * mutation callback, not a `mutate` one: a login may unmount the form before it answers (the
 * widget swaps it for the logged-in view) and the caller must still hear the outcome.
 */
export function useLogin(onDone?: (result: LoginResult) => void) {
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      login(email, password),
    retry: false,
    onSuccess: onDone,
  })
}

/**
 * Logging out as a mutation: `logout` resolves to whether it worked (a failure is only logged). `busy` stays true after a success, while the page goes home.
 */
export function useLogout(options: LogoutOptions) {
  const mutation = useMutation({ mutationFn: () => logout(options), retry: false })
  return {
    logout: () => mutation.mutate(),
    busy: mutation.isPending || mutation.data === true,
  }
}

/** Creating an account as a mutation, like `useLogin` (`createAccount` never rejects). */
export function useCreateAccount(
  onDone?: (result: CreateAccountResult, account: NewAccount) => void,
) {
  return useMutation({ mutationFn: createAccount, retry: false, onSuccess: onDone })
}
