import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, findUser } from '../../mocks/db'
import { releaseHeld, setFault } from '../../mocks/faults'
import type { Locale } from '../../src/domain/types'
import { setPageRedirect } from '../../src/session/redirect'
import { resetPassword } from './index'
import { answerTo, loggedCallFailure } from '../../mocks/test-setups/console'

// Two cores shared with other test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5_000 })

let redirects: string[] = []

/** Open the widget as the e-mailed link does: `/{locale}/reset-password?{query}`. */
async function openLink(locale: Locale, query: string) {
  window.history.replaceState(null, '', `/${locale}/reset-password${query}`)
  return renderWidget(resetPassword, { locale })
}

beforeEach(() => {
  redirects = []
  // This test's page navigates into the list (the next test's page is a fresh one).
  setPageRedirect((url) => redirects.push(url))
})

afterEach(() => {
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

const CLAIRE_LINK = '?email=claire%40example.com&token=valid-token'

describe('reset-password widget', () => {
  it.each<[Locale, string, string]>([
    ['fr', '', '/fr'],
    ['nl', '?token=valid-token', '/nl'],
    ['en', '?email=&token=valid-token', '/en'],
  ])('(%s) without email in %j goes home at once', async (locale, query, home) => {
    await openLink(locale, query)
    expect(redirects).toEqual([home])
    expect(screen.getByRole('status')).toHaveTextContent(/homepage|page d'accueil|homepagina/)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('(fr) shows the email read-only; reset is enabled only for a non-empty, confirmed password', async () => {
    const user = userEvent.setup()
    await openLink('fr', CLAIRE_LINK)
    expect(
      screen.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' }),
    ).toBeVisible()
    const email = screen.getByLabelText('Adresse e-mail')
    expect(email).toHaveValue('claire@example.com')
    expect(email).toHaveAttribute('readonly')
    // Read once, the e-mailed secret is gone from the address bar (and so from the history).
    expect(window.location.search).toBe('')
    expect(window.location.pathname).toBe('/fr/reset-password')
    const button = screen.getByRole('button', { name: 'Réinitialiser mon mot de passe' })
    const password = screen.getByLabelText('Nouveau mot de passe')
    const confirmation = screen.getByLabelText('Confirmez le nouveau mot de passe')
    expect(button).toBeDisabled()
    await user.type(password, 'vin-rouge')
    expect(button).toBeDisabled()
    await user.type(confirmation, 'vin-rose')
    expect(button).toBeDisabled()
    expect(confirmation).toBeInvalid()
    expect(confirmation).toHaveAccessibleDescription(
      'Les deux mots de passe ne sont pas identiques.',
    )
    await user.clear(confirmation)
    await user.type(confirmation, 'vin-rouge')
    expect(button).toBeEnabled()
    expect(confirmation).toBeValid()
    await user.clear(password)
    expect(button).toBeDisabled()
    expect(redirects).toEqual([])
  })

  it('(nl) disables the button while the request runs', async () => {
    const user = userEvent.setup()
    setFault('resetpassword', { kind: 'held' })
    await openLink('nl', CLAIRE_LINK)
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'geheim')
    await user.type(screen.getByLabelText('Bevestig het nieuwe wachtwoord'), 'geheim')
    await user.click(screen.getByRole('button', { name: 'Mijn wachtwoord opnieuw instellen' }))
    expect(await screen.findByRole('button', { name: 'Bezig met instellen…' })).toBeDisabled()
    releaseHeld('resetpassword')
    expect(await screen.findByText(/Het wachtwoord is opnieuw ingesteld/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Mijn wachtwoord opnieuw instellen' })).toBeDisabled()
  })

  it.each<[Locale, string]>([
    ['en', 'The password was reset. We send you back to the homepage.'],
    ['fr', "Le mot de passe a été réinitialisé. Nous vous renvoyons vers la page d'accueil."],
  ])('(%s) success: the green message is announced, then home after 4 s', async (locale, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await openLink(locale, CLAIRE_LINK)
    const [password, confirmation] = screen.getAllByLabelText(/password|passe/i).slice(-2)
    await user.type(password!, 'new-secret')
    await user.type(confirmation!, 'new-secret')
    await user.click(screen.getByRole('button'))
    const status = await screen.findByRole('status')
    await vi.waitFor(() => expect(status).toHaveTextContent(text))
    expect(callsOf('resetpassword')[0]!.payload).toEqual({
      locale,
      email: 'claire@example.com',
      token: 'valid-token',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    })
    expect(findUser('claire@example.com')!.password).toBe('new-secret')
    expect(screen.queryByText(/expired|expiré/)).not.toBeInTheDocument()
    // The fake clock also follows real time (MSW and React Query need it): up to 500 ms of it may
    // pass between the message appearing and this line, hence 3.5 s, then the rest of the 4 s.
    void act(() => vi.advanceTimersByTime(3_500))
    expect(redirects).toEqual([])
    void act(() => vi.advanceTimersByTime(500))
    expect(redirects).toEqual([`/${locale}`])
  })

  it.each<[Locale, string, string, Parameters<typeof setFault>[1] | null]>([
    [
      'nl',
      '?email=tom%40example.com&token=old-token',
      'De link om je wachtwoord opnieuw in te stellen is verlopen. Vraag een nieuwe link aan om je wachtwoord opnieuw in te stellen',
      null,
    ],
    [
      'en',
      CLAIRE_LINK,
      'The link to reset your password has expired. Request a new password reset link',
      { kind: 'status', status: 500 },
    ],
    [
      'fr',
      '?email=claire%40example.com',
      'Le lien pour réinitialiser votre mot de passe a expiré. Demandez un nouveau lien de réinitialisation',
      null,
    ],
  ])(
    '(%s) failure (%s): the red expired-link alert, then home after 4 s',
    async (locale, query, text, fault) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {})
      if (fault) setFault('resetpassword', fault)
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      await openLink(locale, query)
      const [password, confirmation] = screen
        .getAllByLabelText(/password|passe|wachtwoord/i)
        .slice(-2)
      await user.type(password!, 'pw')
      await user.type(confirmation!, 'pw')
      await user.click(screen.getByRole('button'))
      const alert = await screen.findByRole('alert')
      await vi.waitFor(() => expect(alert).toHaveTextContent(text))
      // Without a fault, the server refuses an expired token (422) or a request without one (400).
      const answered = fault ? answerTo(fault) : query.includes('token=') ? '422' : '400'
      expect(error).toHaveBeenCalledWith(
        ...loggedCallFailure(
          'reset-password: the password could not be reset',
          'POST /api/resetpassword',
          answered,
        ),
      )
      expect(screen.getByRole('button')).toBeDisabled()
      void act(() => vi.advanceTimersByTime(3_500))
      expect(redirects).toEqual([])
      void act(() => vi.advanceTimersByTime(500))
      expect(redirects).toEqual([`/${locale}`])
    },
  )
})
