import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { clearFaults, setFault } from '../../mocks/faults'
import { captureRedirects, logOut, logOutFailing } from '../../mocks/test-setups/session'
import { logInFromThePanel } from '../../mocks/test-setups/login-panel'
import { getStore } from '../../src/store/shared-store'
import { account } from './index'

// Two cores shared with other test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5_000 })

let redirects: string[] = []

beforeEach(() => {
  redirects = captureRedirects()
})

describe('account widget', () => {
  it('(fr) greets the user, with a logout button and the "Commandes" tab holding the invoices', async () => {
    db.sessionEmail = 'claire@example.com'
    await renderWidget(account, { locale: 'fr' })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bonjour Claire Dubois' }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeEnabled()
    const tablist = screen.getByRole('tablist', { name: 'Votre compte' })
    const tab = within(tablist).getByRole('tab', { name: 'Commandes' })
    expect(tab).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Commandes' })
    const first = await within(panel).findByRole('button', {
      name: /20\/01\/2026 Facture 2026\/00008/,
    })
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(within(panel).getAllByRole('heading', { level: 3 })).toHaveLength(5)
  })

  it('(nl) expands an invoice in the orders tab', async () => {
    const user = userEvent.setup()
    db.sessionEmail = 'claire@example.com'
    await renderWidget(account, { locale: 'nl' })
    expect(await screen.findByRole('heading', { name: 'Hallo Claire Dubois' })).toBeVisible()
    await user.click(await screen.findByRole('button', { name: /2025\/00042/ }))
    const region = screen.getByRole('region', { name: /2025\/00042/ })
    expect(
      within(region).getByRole('table', { name: 'Wijnen van factuur 2025/00042' }),
    ).toBeVisible()
    expect(within(region).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/nl\//),
    )
    expect(within(region).getByText('2020 · 37.5cl')).toBeVisible()
  })

  it('(en) a user without invoices reads the empty message', async () => {
    db.sessionEmail = 'tom@example.com'
    await renderWidget(account, { locale: 'en' })
    expect(await screen.findByRole('heading', { name: 'Hello Tom Peeters' })).toBeVisible()
    expect(await screen.findByText('No orders since 01/01/2024')).toBeVisible()
  })

  it('(fr) a failed invoice load shows a message and a retry button inside the tab', async () => {
    const user = userEvent.setup()
    db.sessionEmail = 'claire@example.com'
    setFault('getinvoices', { kind: 'status', status: 503 }, { times: 1 })
    await renderWidget(account, { locale: 'fr' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("Nous n'avons pas pu charger vos commandes pour le moment.")
    expect(screen.getByRole('heading', { name: 'Bonjour Claire Dubois' })).toBeVisible()
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: /2026\/00008/ })).toBeVisible()
  })

  it('(en) a logged-out visitor gets the login panel; after login the account shows at once', async () => {
    const panel = { heading: 'Your account', prompt: 'Log in to see your account and your orders.' }
    await logInFromThePanel(account, panel, 'tom@example.com', 'droplets-50')
    const greeting = await screen.findByRole('heading', { name: 'Hello Tom Peeters' })
    expect(greeting).toHaveFocus()
    expect(await screen.findByText('No orders since 01/01/2024')).toBeVisible()
    expect(callsOf('getinvoices')[0]!.payload).toEqual({ odooID: 1002, locale: 'en' })
  })

  it('(nl) says it is checking while the current-user check runs, then shows the login panel', async () => {
    setFault('getcurrentuser', { kind: 'held' })
    await renderWidget(account, { locale: 'nl' })
    expect(screen.getByRole('status')).toHaveTextContent('We kijken of je ingelogd bent…')
    expect(screen.queryByLabelText('Wachtwoord')).not.toBeInTheDocument()
    clearFaults('getcurrentuser') // answers now, and so does every call after it
    expect(await screen.findByLabelText('Wachtwoord')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Je account' })).toBeVisible()
  })

  it('(fr) logs out: store cleared and back to /fr', async () => {
    await logOut(account, 'claire@example.com')
    await waitFor(() => expect(redirects).toEqual(['/fr']))
    expect(getStore().getState().session.isLoggedIn).toBe(false)
    expect(db.sessionEmail).toBeNull()
  })

  it('(nl) a failed logout is only logged: no redirect, still on the account', async () => {
    await logOutFailing(account, 'claire@example.com')
    expect(screen.getByRole('heading', { name: 'Hallo Claire Dubois' })).toBeVisible()
    expect(redirects).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
