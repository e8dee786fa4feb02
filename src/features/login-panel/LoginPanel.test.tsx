import { describe, expect, it, vi } from 'vitest'
import { loggedCallFailure } from '../../../mocks/test-setups/console'
import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import axe from 'axe-core'
import { renderWidget } from '../../../mocks/render-widget'
import { callsOf, db } from '../../../mocks/db'
import { releaseHeld, setFault } from '../../../mocks/faults'
import { defineWidget } from '../../props/schema'
import type { Locale, User } from '../../domain/types'
import { getBus } from '../../bus/bus'
import type { BusEvents } from '../../bus/events'
import { getStore } from '../../store/shared-store'
import { existingEmailQueryOptions } from '../../api/session'
import { LoginPanel, type LoginPanelProps } from './LoginPanel'

/** The panel is shared UI, not a widget: a test-only definition renders it like one. */
function panel(panelProps: LoginPanelProps = {}) {
  return defineWidget('login-panel-test', {
    load: async () => ({ default: () => <LoginPanel {...panelProps} /> }),
  })
}

async function renderPanel(locale: Locale = 'fr', panelProps: LoginPanelProps = {}) {
  const user = userEvent.setup()
  const result = await renderWidget(panel(panelProps), { locale })
  return { user, ...result }
}

/** Renders the panel and opens another view with the login view's button to it (`button`'s name). */
async function openView(
  button: Record<Locale, string>,
  locale: Locale,
  panelProps: LoginPanelProps = {},
) {
  const rendered = await renderPanel(locale, panelProps)
  await rendered.user.click(screen.getByRole('button', { name: button[locale] }))
  return rendered
}

const TEXTS = {
  en: { email: 'E-mail address', password: 'Password', login: 'Log in', invalid: 'Invalid login' },
  fr: {
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    login: 'Se connecter',
    invalid: 'Login invalide',
  },
  nl: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    login: 'Inloggen',
    invalid: 'Login ongeldig',
  },
} as const

/** Types an email and a password into the login view and presses its button. */
async function logIn(user: UserEvent, locale: Locale, email: string, password: string) {
  const texts = TEXTS[locale]
  await user.type(screen.getByLabelText(texts.email), email)
  await user.type(screen.getByLabelText(texts.password), password)
  await user.click(screen.getByRole('button', { name: texts.login }))
}

/**
 * Types claire@example.com into the (French) email field, the button named `button` checked
 * disabled before: returns that button, for the caller to check what the email changed.
 */
async function typeEmail(user: UserEvent, button: string) {
  const element = screen.getByRole('button', { name: button })
  expect(element).toBeDisabled()
  await user.type(screen.getByLabelText('Adresse e-mail'), 'claire@example.com')
  return element
}

describe('login view', () => {
  it('keeps the login button disabled while email or password is empty', async () => {
    const { user } = await renderPanel('fr')
    const button = await typeEmail(user, 'Se connecter')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Mot de passe'), 'x')
    expect(button).toBeEnabled()
    await user.clear(screen.getByLabelText('Adresse e-mail'))
    expect(button).toBeDisabled()
  })

  it.each(['en', 'fr', 'nl'] as const)(
    'shows the wrong-credentials message in %s and clears it on typing',
    async (locale) => {
      const texts = TEXTS[locale]
      const { user } = await renderPanel(locale)
      const email = screen.getByLabelText(texts.email)
      const password = screen.getByLabelText(texts.password)
      await logIn(user, locale, 'claire@example.com', 'droplets-42')

      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(texts.invalid)
      expect(password).toHaveAttribute('aria-invalid', 'true')
      expect(password).toHaveAccessibleDescription(texts.invalid)
      expect(email).toHaveAccessibleDescription(texts.invalid)
      expect(getStore().getState().session.isLoggedIn).toBe(false)

      await user.type(password, '0')
      expect(screen.queryByText(texts.invalid)).not.toBeInTheDocument()
      expect(password).not.toHaveAttribute('aria-invalid')
    },
  )

  it.each([
    ['claire@example.com', 'droplets-420', 'Claire Dubois', 420],
    ['tom@example.com', 'droplets-50', 'Tom Peeters', 50],
  ])('logs %s in: store updated, onLoggedIn called', async (email, password, name, points) => {
    const onLoggedIn = vi.fn<(u: User) => void>()
    const { user } = await renderPanel('nl', { onLoggedIn })
    await logIn(user, 'nl', email, password)
    await waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ name, email })),
    )
    expect(getStore().getState().session).toMatchObject({
      isLoggedIn: true,
      user: { name },
      points,
    })
  })

  it('logs other failures and offers a retry message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('loginuser', { kind: 'status', status: 500 }, { times: 1 })
    const { user } = await renderPanel('en')
    await logIn(user, 'en', 'claire@example.com', 'droplets-420')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't log you in right now. Please try again in a moment.",
    )
    expect(screen.queryByText('Invalid login')).not.toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure('Login failed', 'POST /login/loginuser', '500'),
    )

    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(getStore().getState().session.isLoggedIn).toBe(true))
  })

  it('disables the button while logging in', async () => {
    setFault('loginuser', { kind: 'held' })
    const { user } = await renderPanel('fr')
    await logIn(user, 'fr', 'tom@example.com', 'droplets-50')
    expect(screen.getByRole('button', { name: 'Connexion…' })).toBeDisabled()
    releaseHeld('loginuser')
    await waitFor(() => expect(getStore().getState().session.isLoggedIn).toBe(true))
  })

  it('shows an optional heading and subheading', async () => {
    await renderPanel('en', {
      heading: 'Your order',
      subheading: 'Login or Sign Up to confirm your order',
    })
    expect(screen.getByRole('region', { name: 'Your order' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Your order' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Log in' })).toBeInTheDocument()
    expect(screen.getByText('Login or Sign Up to confirm your order')).toBeInTheDocument()
  })
})

describe('switching views', () => {
  it('moves focus to the first field of the new view and keeps the typed email', async () => {
    const { user } = await renderPanel('fr')
    const email = screen.getByLabelText('Adresse e-mail')
    expect(email).not.toHaveFocus()
    await user.type(email, 'tom@example.com')

    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }))
    expect(
      screen.getByRole('heading', { name: 'Réinitialiser votre mot de passe' }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus()
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('tom@example.com')

    await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }))
    expect(screen.getByRole('heading', { name: 'Se connecter' })).toBeInTheDocument()
    expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus()

    await user.click(screen.getByRole('button', { name: "S'inscrire" }))
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument()
    expect(screen.getByLabelText('Adresse e-mail')).toHaveFocus()
  })
})

describe('accessibility', () => {
  it('has no axe violations in any of the three views, errors shown', async () => {
    const { user, element } = await renderPanel('fr')
    const check = async () => {
      // jsdom does not lay out: colour contrast is checked in the browser (e2e).
      const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } })
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    }
    await logIn(user, 'fr', 'claire@example.com', 'faux')
    await screen.findByRole('alert')
    await check()
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }))
    await check()
    await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }))
    await user.click(screen.getByRole('button', { name: "S'inscrire" }))
    await user.tab()
    await screen.findByRole('alert')
    await check()
  })
})

describe('forgot-password view', () => {
  const openForgot = (locale: Locale) =>
    openView(
      { en: 'Forgot your password?', fr: 'Mot de passe oublié ?', nl: 'Wachtwoord vergeten?' },
      locale,
    )

  it('sends the reset link (email, reset page, locale) and says so', async () => {
    const { user } = await openForgot('fr')
    const send = await typeEmail(user, 'Envoyer le lien')
    expect(send).toBeEnabled()
    await user.click(send)
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Nous envoyons un lien de réinitialisation du mot de passe à l'adresse e-mail que vous nous avez indiquée",
    )
    expect(callsOf('sendpasswordresetlink')[0]?.payload).toEqual({
      email: 'claire@example.com',
      _reset_url: `${window.location.origin}/fr/reset-password`,
      locale: 'fr',
    })
  })

  it("says so in English with the shop's text", async () => {
    const { user } = await openForgot('en')
    await user.type(screen.getByLabelText('E-mail address'), 'tom@example.com')
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We're sending a password reset to the email address you provided us",
    )
  })

  it.each([
    [
      'en',
      'E-mail address',
      'Send the reset link',
      'We encountered a problem sending a reset link. Try again later!',
    ],
    [
      'nl',
      'E-mailadres',
      'Link versturen',
      'Er ging iets mis bij het versturen van de link. Probeer het later opnieuw!',
    ],
  ] as const)('shows the failure message in %s', async (locale, label, button, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('sendpasswordresetlink', { kind: 'status', status: 503 })
    const { user } = await openForgot(locale)
    await user.type(screen.getByLabelText(label), 'tom@example.com')
    await user.click(screen.getByRole('button', { name: button }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    )
  })

  it('disables the send button while sending', async () => {
    setFault('sendpasswordresetlink', { kind: 'held' })
    const { user } = await openForgot('nl')
    await user.type(screen.getByLabelText('E-mailadres'), 'tom@example.com')
    await user.click(screen.getByRole('button', { name: 'Link versturen' }))
    expect(screen.getByRole('button', { name: 'Bezig met versturen…' })).toBeDisabled()
    releaseHeld('sendpasswordresetlink')
    expect(await screen.findByRole('status')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Link versturen' })).toBeEnabled()
  })
})

describe('create-account view', () => {
  const openSignUp = (locale: Locale, panelProps: LoginPanelProps = {}) =>
    openView({ en: 'Sign up', fr: "S'inscrire", nl: 'Registreren' }, locale, panelProps)

  /** Leaves the email field with a free address (English view): the fields unlock. */
  async function enterFreeEmail(user: UserEvent) {
    await user.type(screen.getByLabelText('E-mail address'), 'ann@example.com')
    await user.tab()
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled())
  }

  /** A filled-in English sign-up form, ready to create the account of Ann. */
  async function fillSignUp(user: UserEvent) {
    await enterFreeEmail(user)
    await user.type(screen.getByLabelText('Name'), 'Ann')
    await user.type(screen.getByLabelText('Password'), 'pw')
  }

  it('rejects a badly formed email on blur and keeps name and password disabled', async () => {
    const { user } = await openSignUp('en')
    const email = screen.getByLabelText('E-mail address')
    expect(screen.getByLabelText('Name')).toBeDisabled()
    expect(screen.getByLabelText('Password')).toBeDisabled()
    await user.type(email, 'claire@example')
    expect(screen.queryByText('This is not a proper e-mail format')).not.toBeInTheDocument()
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a proper e-mail format')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('This is not a proper e-mail format')
    expect(screen.getByLabelText('Name')).toBeDisabled()
    expect(callsOf('isexistingemail')).toHaveLength(0)

    await user.type(email, '.com')
    expect(screen.queryByText('This is not a proper e-mail format')).not.toBeInTheDocument()
  })

  it('says an email is taken on blur and keeps the fields disabled', async () => {
    const { user } = await openSignUp('en')
    await user.type(screen.getByLabelText('E-mail address'), 'claire@example.com')
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address is already taken',
    )
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'The e-mail address is already taken',
    )
    expect(screen.getByLabelText('Name')).toBeDisabled()
    expect(screen.getByLabelText('Password')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeDisabled()
  })

  it.each([
    [
      'fr',
      'Adresse e-mail',
      'Cette adresse e-mail est déjà utilisée',
      "Ce n'est pas un format d'e-mail valide",
    ],
    ['nl', 'E-mailadres', 'Dit e-mailadres is al in gebruik', 'Dit is geen geldig e-mailformaat'],
  ] as const)(
    'says an email is taken or badly formed in %s',
    async (locale, label, taken, format) => {
      const { user } = await openSignUp(locale)
      await user.type(screen.getByLabelText(label), 'tom@example.com')
      await user.tab()
      expect(await screen.findByRole('alert')).toHaveTextContent(taken)
      await user.clear(screen.getByLabelText(label))
      await user.type(screen.getByLabelText(label), 'tom@example')
      await user.tab()
      expect(await screen.findByRole('alert')).toHaveTextContent(format)
    },
  )

  it('creates an account: fields unlock once the email is free, user:created and store updated', async () => {
    const created: BusEvents['user:created'][] = []
    const stop = getBus().on('user:created', (p) => created.push(p))
    const onLoggedIn = vi.fn<(u: User) => void>()
    const { user } = await openSignUp('nl', { onLoggedIn })
    await user.type(screen.getByLabelText('E-mailadres'), 'ann@example.com')
    await user.tab()
    await waitFor(() => expect(screen.getByLabelText('Naam')).toBeEnabled())
    const submit = screen.getByRole('button', { name: 'Mijn account aanmaken' })
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText('Naam'), 'Ann Claes')
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText('Wachtwoord'), 'wijn-2024')
    expect(submit).toBeEnabled()

    setFault('createuser', { kind: 'held' })
    await user.click(submit)
    expect(screen.getByRole('button', { name: 'Account wordt aangemaakt…' })).toBeDisabled()
    releaseHeld('createuser')

    await waitFor(() => expect(created).toEqual([{ email: 'ann@example.com' }]))
    expect(getStore().getState().session).toMatchObject({
      isLoggedIn: true,
      user: { name: 'Ann Claes', email: 'ann@example.com' },
    })
    expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ann Claes' }))
    expect(callsOf('createuser')[0]?.payload).toEqual({
      email: 'ann@example.com',
      name: 'Ann Claes',
      password: 'wijn-2024',
    })
    stop()
  })

  it('checks the email on Enter and moves on to the name field', async () => {
    const { user } = await openSignUp('fr')
    await user.type(screen.getByLabelText('Adresse e-mail'), 'ann@example.com{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveFocus())
    expect(callsOf('isexistingemail')).toHaveLength(1)
  })

  it('locks the fields again when the email changes after a check', async () => {
    const { user } = await openSignUp('en')
    await enterFreeEmail(user)
    await user.type(screen.getByLabelText('E-mail address'), 'x')
    expect(screen.getByLabelText('Name')).toBeDisabled()
  })

  /** A sign-up form whose first existing-email check (of ann@example.com) failed. */
  async function failedCheck() {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('isexistingemail', { kind: 'network' }, { times: 1 })
    const rendered = await openSignUp('en')
    await rendered.user.type(screen.getByLabelText('E-mail address'), 'ann@example.com')
    await rendered.user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't check this e-mail address.",
    )
    return rendered
  }

  it('explains a failed email check and retries it', async () => {
    const { user } = await failedCheck()
    expect(screen.getByLabelText('Name')).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled())
  })

  it('ignores an answer about an older address', async () => {
    // claire@example.com is taken, but its answer comes after the field moved on to a free one.
    setFault('isexistingemail', { kind: 'held' }, { times: 1 })
    const { user, client } = await openSignUp('en')
    const email = screen.getByLabelText('E-mail address')
    await user.type(email, 'claire@example.com')
    await user.tab()
    expect(await screen.findByText('Checking the e-mail address…')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'ann@example.com')
    await user.tab()
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled())
    // Now the older answer ("taken") arrives, after the newer one. Its check is over once its
    // query is no longer fetching: answered and cached under its own address, or dropped (with its
    // request) when the field moved on.
    releaseHeld('isexistingemail')
    const older = existingEmailQueryOptions('claire@example.com').queryKey
    await waitFor(() => expect(client.getQueryState(older)?.fetchStatus ?? 'idle').toBe('idle'))
    expect(screen.queryByText('The e-mail address is already taken')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toBeEnabled()
    expect(callsOf('isexistingemail').map((c) => c.payload)).toEqual([
      { email: 'claire@example.com' },
      { email: 'ann@example.com' },
    ])
  })

  it('checks an address again on the next blur after a failed check, not after an answer', async () => {
    const { user } = await failedCheck()
    await user.click(screen.getByLabelText('E-mail address'))
    await user.tab()
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeEnabled())
    expect(callsOf('isexistingemail')).toHaveLength(2)
    // A known answer holds while the address stays in the field: leaving it again asks nothing.
    await user.click(screen.getByLabelText('E-mail address'))
    await user.keyboard('{Enter}')
    await user.tab()
    expect(callsOf('isexistingemail')).toHaveLength(2)
  })

  it('shows a message when the account cannot be created', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('createuser', { kind: 'status', status: 500 })
    const { user } = await openSignUp('en')
    await fillSignUp(user)
    await user.click(screen.getByRole('button', { name: 'Create my account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't create your account. Please try again later.",
    )
    expect(getStore().getState().session.isLoggedIn).toBe(false)
  })

  it('sends a new user the server did not log in to the login view', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openSignUp('en')
    await fillSignUp(user)
    setFault('getcurrentuser', { kind: 'status', status: 500 })
    await user.click(screen.getByRole('button', { name: 'Create my account' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account has been created. You can log in now.',
    )
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail address')).toHaveValue('ann@example.com')
    expect(screen.getByLabelText('E-mail address')).toHaveFocus()
    expect(db.users.some((u) => u.email === 'ann@example.com')).toBe(true)
  })
})
