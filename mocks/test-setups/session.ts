/**
 * Test set-up for the widgets with a logout button (account, login): the page's redirects kept in
 * a list, and logging out of a rendered widget.
 */
import { expect, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { renderWidget } from '../render-widget'
import { db } from '../db'
import { setFault } from '../faults'
import type { AnyWidgetDefinition } from '../../src/props/schema'
import { setPageRedirect } from '../../src/session/redirect'
import { loggedCallFailure } from './console'

/**
 * The URLs the page is sent to from now on, instead of navigating (for `beforeEach`: this test's
 * page navigates into the list, the next test's page is a fresh one).
 */
export function captureRedirects(): string[] {
  const redirects: string[] = []
  setPageRedirect((url) => redirects.push(url))
  return redirects
}

/** Logged in as `email`, renders the widget in French and clicks "Se déconnecter". */
export async function logOut(widget: AnyWidgetDefinition, email: string) {
  const user = userEvent.setup()
  db.sessionEmail = email
  await renderWidget(widget, { locale: 'fr' })
  await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }))
}

/**
 * Logged in as `email`, renders the widget in Dutch and clicks "Uitloggen" while logout answers
 * 500: the failure is logged ("Logout failed") and the button comes back, enabled.
 */
export async function logOutFailing(widget: AnyWidgetDefinition, email: string) {
  const user = userEvent.setup()
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  db.sessionEmail = email
  setFault('logoutuser', { kind: 'status', status: 500 })
  await renderWidget(widget, { locale: 'nl' })
  await user.click(await screen.findByRole('button', { name: 'Uitloggen' }))
  await waitFor(() =>
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure('Logout failed', 'GET /login/logoutuser', '500'),
    ),
  )
  expect(await screen.findByRole('button', { name: 'Uitloggen' })).toBeEnabled()
}

/** Logs in through the login panel's English form. */
export async function logInInEnglish(user: UserEvent, email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail address'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Log in' }))
}
