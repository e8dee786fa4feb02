import { beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { captureRedirects, logOut, logOutFailing } from '../../mocks/test-setups/session'
import { getBus } from '../../src/bus/bus'
import { getStore } from '../../src/store/shared-store'
import { startSessionService } from '../../src/session/session'
import { INACTIVITY_MS } from '../../src/store/state'
import { login } from './index'

let redirects: string[] = []

beforeEach(() => {
  redirects = captureRedirects()
})

describe('login widget', () => {
  it('logs Claire in (fr) and says who is logged in, with focus on the message', async () => {
    const user = userEvent.setup()
    await renderWidget(login, { locale: 'fr' })
    await user.type(screen.getByLabelText('Adresse e-mail'), 'claire@example.com')
    await user.type(screen.getByLabelText('Mot de passe'), 'droplets-420')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    const message = await screen.findByText('Vous êtes connecté en tant que Claire Dubois')
    expect(message).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeEnabled()
    expect(screen.queryByLabelText('Mot de passe')).not.toBeInTheDocument()
  })

  it('logs Tom in (nl)', async () => {
    const user = userEvent.setup()
    await renderWidget(login, { locale: 'nl' })
    await user.type(screen.getByLabelText('E-mailadres'), 'tom@example.com')
    await user.type(screen.getByLabelText('Wachtwoord'), 'droplets-50')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Je bent ingelogd als Tom Peeters')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument()
  })

  it('shows the logged-in state when the current-user check finds a session', async () => {
    db.sessionEmail = 'claire@example.com'
    await renderWidget(login, { locale: 'en' })
    expect(await screen.findByText('You are logged in as Claire Dubois')).toBeInTheDocument()
    expect(screen.getByText('You are logged in as Claire Dubois')).not.toHaveFocus()
    expect(callsOf('getcurrentuser')).toHaveLength(1)
  })

  it('logs out: store cleared, user:logged-out emitted, redirect to /fr', async () => {
    const events: string[] = []
    const stop = getBus().on('user:logged-out', ({ reason }) => events.push(reason))
    await logOut(login, 'claire@example.com')
    await waitFor(() => expect(redirects).toEqual(['/fr']))
    expect(events).toEqual(['logout'])
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    expect(db.sessionEmail).toBeNull()
    stop()
  })

  it('on logout failure only logs "Logout failed": no redirect, still logged in', async () => {
    await logOutFailing(login, 'tom@example.com')
    expect(screen.getByText('Je bent ingelogd als Tom Peeters')).toBeInTheDocument()
    expect(redirects).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('goes back to the login form when the inactivity clean-up runs', async () => {
    db.sessionEmail = 'claire@example.com'
    await renderWidget(login, { locale: 'en' })
    await screen.findByText('You are logged in as Claire Dubois')
    // The page's session service (started by the runtime) finds 30 minutes without activity.
    startSessionService()
    act(() => {
      getStore().update((d) => {
        d.lastActivity = Date.now() - INACTIVITY_MS - 1000
      })
      window.dispatchEvent(new Event('pointerdown'))
    })
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.queryByText(/You are logged in/)).not.toBeInTheDocument()
    await waitFor(() => expect(db.sessionEmail).toBeNull())
  })
})
