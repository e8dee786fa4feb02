import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { getStore } from '../../src/store/shared-store'
import { defineWidget } from '../../src/props/schema'
import { startSessionService } from '../../src/session/session'
import { INACTIVITY_MS } from '../../src/store/state'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import { userMenu } from './index'

/** Another root on the page that embeds the shared login panel (as the cart or sommelier do). */
const panelRoot = defineWidget('login-panel-root', {
  load: async () => ({ default: () => <LoginPanel /> }),
})

describe('user-menu widget', () => {
  it.each([
    ['en', 'Log in', '/en/login'],
    ['fr', 'Se connecter', '/fr/se-loguer'],
    ['nl', 'Inloggen', '/nl/inloggen'],
  ] as const)(
    'shows a login link to the %s login page when logged out',
    async (locale, name, href) => {
      await renderWidget(userMenu, { locale })
      await waitFor(() => expect(callsOf('getcurrentuser')).toHaveLength(1))
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href)
    },
  )

  it('shows the initial badge linking to the club page when logged in', async () => {
    db.sessionEmail = 'claire@example.com'
    await renderWidget(userMenu, { locale: 'fr' })
    const badge = await screen.findByRole('link', {
      name: 'Claire Dubois (droplets : 420), aller à la page du club',
    })
    expect(badge).toHaveAttribute('href', '/fr/club')
    expect(badge).toHaveTextContent(/^C$/)
  })

  it('labels the badge with name and points in Dutch', async () => {
    db.sessionEmail = 'tom@example.com'
    await renderWidget(userMenu, { locale: 'nl' })
    const badge = await screen.findByRole('link', { name: /Tom Peeters/ })
    expect(badge).toHaveAccessibleName('Tom Peeters (droplets: 50), naar de clubpagina')
    expect(badge).toHaveAttribute('href', '/nl/club')
    expect(badge).toHaveTextContent('T')
  })

  it('runs the current-user check once for two roots, and both show the user', async () => {
    db.sessionEmail = 'tom@example.com'
    const header = await renderWidget(userMenu, { locale: 'nl' })
    const footer = await renderWidget(userMenu, { locale: 'fr' })
    expect(
      await within(header.element).findByRole('link', { name: /Tom Peeters/ }),
    ).toHaveAttribute('href', '/nl/club')
    expect(within(footer.element).getByRole('link', { name: /Tom Peeters/ })).toHaveAttribute(
      'href',
      '/fr/club',
    )
    expect(callsOf('getcurrentuser')).toHaveLength(1)
  })

  it('switches to the badge at once when the user logs in in another root', async () => {
    const user = userEvent.setup()
    const menu = await renderWidget(userMenu, { locale: 'en' })
    const page = await renderWidget(panelRoot, { locale: 'en' })
    expect(within(menu.element).getByRole('link', { name: 'Log in' })).toBeInTheDocument()
    const form = within(page.element)
    await user.type(form.getByLabelText('E-mail address'), 'claire@example.com')
    await user.type(form.getByLabelText('Password'), 'droplets-420')
    await user.click(form.getByRole('button', { name: 'Log in' }))
    const badge = await within(menu.element).findByRole('link', { name: /Claire Dubois/ })
    expect(badge).toHaveAttribute('href', '/en/club')
    expect(within(menu.element).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument()
  })

  it('goes back to the login link when the inactivity clean-up runs', async () => {
    db.sessionEmail = 'claire@example.com'
    await renderWidget(userMenu, { locale: 'fr' })
    await screen.findByRole('link', { name: /Claire Dubois/ })
    // The page's session service (started by the runtime) finds 30 minutes without activity.
    startSessionService()
    act(() => {
      getStore().update((d) => {
        d.lastActivity = Date.now() - INACTIVITY_MS - 1000
      })
      window.dispatchEvent(new Event('pointerdown'))
    })
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/fr/se-loguer',
    )
    await waitFor(() => expect(db.sessionEmail).toBeNull())
  })
})
