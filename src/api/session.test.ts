// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it, vi } from 'vitest'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/node'
import { callsOf, db } from '../../mocks/db'
import { setFault } from '../../mocks/faults'
import { HttpError } from '../http/http'
import {
  createUser,
  existingEmailQueryOptions,
  getCurrentUser,
  isExistingEmail,
  loginUser,
  logoutUser,
  parseSessionAnswer,
  resetPasswordUrl,
  sendPasswordResetLink,
} from './session'

const LOGGED_OUT = { isLoggedIn: false, user: null, points: 0 }

describe('getCurrentUser', () => {
  it('reads a logged-out visitor', async () => {
    await expect(getCurrentUser()).resolves.toEqual(LOGGED_OUT)
  })

  it('reads the logged-in user and points', async () => {
    db.sessionEmail = 'claire@example.com'
    await expect(getCurrentUser()).resolves.toEqual({
      isLoggedIn: true,
      user: { name: 'Claire Dubois', email: 'claire@example.com', odooID: 1001 },
      points: 420,
    })
  })

  it('sends the CSRF token and retries once with a new token on 419', async () => {
    await getCurrentUser()
    db.csrfToken = 'csrf-token-rotated' // the page's token went stale
    db.sessionEmail = 'tom@example.com'
    const session = await getCurrentUser()
    expect(session.user?.name).toBe('Tom Peeters')
    expect(callsOf('csrf')).toHaveLength(2)
    expect(callsOf('getcurrentuser')).toHaveLength(3)
  })

  it('gives up after one retry when the token keeps failing', async () => {
    setFault('getcurrentuser', { kind: 'status', status: 419 })
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 419 })
    expect(callsOf('getcurrentuser')).toHaveLength(2)
  })

  it.each([
    ['no isLoggedIn flag', { user: null }],
    ['a text flag', { isLoggedIn: 'yes', user: null, points: 0 }],
    ['a logged-in answer without user', { isLoggedIn: true, user: null, points: 3 }],
    [
      'a user without odooID',
      { isLoggedIn: true, user: { name: 'A', email: 'a@b.be' }, points: 3 },
    ],
    [
      'points that are not a number',
      { isLoggedIn: true, user: { name: 'A', email: 'a@b.be', odooID: 1 }, points: 'many' },
    ],
    ['a list', [1, 2]],
  ])('rejects an answer with %s as "Error fetching data"', async (_, body) => {
    server.use(http.get('/login/getcurrentuser', () => HttpResponse.json(body)))
    const error = await getCurrentUser().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toHaveProperty('message', 'Error fetching data')
  })

  it('rejects malformed JSON and server errors', async () => {
    setFault('getcurrentuser', { kind: 'malformed' }, { times: 1 })
    await expect(getCurrentUser()).rejects.toThrow('Error fetching data')
    setFault('getcurrentuser', { kind: 'status', status: 500 }, { times: 1 })
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 500 })
    setFault('getcurrentuser', { kind: 'network' }, { times: 1 })
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 0 })
  })
})

describe('parseSessionAnswer', () => {
  it('accepts ids and points sent as numeric text', () => {
    expect(
      parseSessionAnswer('GET', '/x', {
        isLoggedIn: true,
        user: { name: 'Claire', email: 'c@x.be', odooID: '1001' },
        points: '42',
      }),
    ).toEqual({
      isLoggedIn: true,
      user: { name: 'Claire', email: 'c@x.be', odooID: 1001 },
      points: 42,
    })
  })

  it('treats missing points of a logged-in user as 0 and ignores the rest of a logged-out answer', () => {
    expect(
      parseSessionAnswer('GET', '/x', {
        isLoggedIn: true,
        user: { name: 'C', email: 'c@x.be', odooID: 1 },
      }),
    ).toMatchObject({ points: 0 })
    expect(
      parseSessionAnswer('GET', '/x', { isLoggedIn: false, user: 'junk', points: 'x' }),
    ).toEqual(LOGGED_OUT)
  })
})

describe('loginUser', () => {
  it.each([
    ['claire@example.com', 'droplets-420', 'Claire Dubois', 420],
    ['tom@example.com', 'droplets-50', 'Tom Peeters', 50],
  ])('logs %s in', async (email, password, name, points) => {
    const session = await loginUser(email, password)
    expect(session).toMatchObject({ isLoggedIn: true, user: { name, email }, points })
    expect(callsOf('loginuser')[0]?.payload).toEqual({ email, password })
  })

  it('answers a logged-out session for wrong credentials (not an error)', async () => {
    await expect(loginUser('claire@example.com', 'wrong')).resolves.toEqual(LOGGED_OUT)
  })

  it('fails on a server error', async () => {
    setFault('loginuser', { kind: 'status', status: 503 })
    await expect(loginUser('claire@example.com', 'droplets-420')).rejects.toMatchObject({
      status: 503,
    })
  })
})

describe('logoutUser', () => {
  it('logs the server session out', async () => {
    db.sessionEmail = 'claire@example.com'
    await logoutUser()
    expect(db.sessionEmail).toBeNull()
  })

  it('fails when the server does not confirm, answers garbage or an error', async () => {
    server.use(http.get('/login/logoutuser', () => HttpResponse.json({ isLoggedOut: false })))
    await expect(logoutUser()).rejects.toThrow('Error fetching data')
    server.use(http.get('/login/logoutuser', () => HttpResponse.json({ ok: true })))
    await expect(logoutUser()).rejects.toThrow('Error fetching data')
    server.resetHandlers()
    setFault('logoutuser', { kind: 'status', status: 500 })
    await expect(logoutUser()).rejects.toMatchObject({ status: 500 })
  })
})

describe('isExistingEmail', () => {
  it('knows fixture accounts and free addresses', async () => {
    await expect(isExistingEmail('claire@example.com')).resolves.toBe(true)
    await expect(isExistingEmail('new@example.com')).resolves.toBe(false)
    expect(callsOf('isexistingemail')[1]?.payload).toEqual({ email: 'new@example.com' })
  })

  it('rejects an answer without the isExistingEMail flag', async () => {
    server.use(http.post('/login/isexistingemail', () => HttpResponse.json({ exists: true })))
    await expect(isExistingEmail('x@example.com')).rejects.toThrow('Error fetching data')
  })
})

describe('existingEmailQueryOptions', () => {
  it('asks once per address, passes the abort signal down and does not report a dropped check', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('isexistingemail', { kind: 'hang' })
    const requests: Request[] = []
    const listener = ({ request }: { request: Request }) => void requests.push(request)
    server.events.on('request:start', listener)
    const client = new QueryClient()
    const check = client.query(existingEmailQueryOptions('claire@example.com'))
    await vi.waitFor(() => expect(callsOf('isexistingemail')).toHaveLength(1))
    const request = requests.find((r) => r.url.endsWith('/login/isexistingemail'))
    expect(request?.signal.aborted).toBe(false)
    await client.cancelQueries({ queryKey: ['existing-email', 'claire@example.com'] })
    await expect(check).rejects.toThrow()
    expect(request?.signal.aborted).toBe(true)
    expect(error).not.toHaveBeenCalled()
    server.events.removeListener('request:start', listener)
  })

  it('reports a failed check and does not retry it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault('isexistingemail', { kind: 'network' }, { times: 1 })
    const client = new QueryClient({ defaultOptions: { queries: { retry: 3 } } })
    await expect(client.query(existingEmailQueryOptions('ann@example.com'))).rejects.toThrow()
    expect(callsOf('isexistingemail')).toHaveLength(1)
    // A stopped load is judged a task later (the page may be leaving): wait for that judgement.
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        ...loggedCallFailure(
          'The existing-email check failed',
          'POST /login/isexistingemail',
          'network error',
        ),
      ),
    )
  })
})

describe('createUser', () => {
  it('posts email, name and password', async () => {
    await createUser({ email: 'ann@example.com', name: 'Ann Claes', password: 'secret-1' })
    expect(callsOf('createuser')[0]?.payload).toEqual({
      email: 'ann@example.com',
      name: 'Ann Claes',
      password: 'secret-1',
    })
    expect(db.users.some((u) => u.email === 'ann@example.com')).toBe(true)
  })

  it('fails when the server refuses', async () => {
    await expect(
      createUser({ email: 'claire@example.com', name: 'Claire', password: 'x' }),
    ).rejects.toMatchObject({ status: 422 })
  })
})

describe('sendPasswordResetLink', () => {
  it('sends the email, the reset page of the locale and the locale', async () => {
    await sendPasswordResetLink('tom@example.com', 'nl')
    expect(callsOf('sendpasswordresetlink')[0]?.payload).toEqual({
      email: 'tom@example.com',
      _reset_url: `${window.location.origin}/nl/reset-password`,
      locale: 'nl',
    })
  })

  it('builds /{locale}/reset-password on the given origin', () => {
    expect(resetPasswordUrl('fr', 'https://shop.example')).toBe(
      'https://shop.example/fr/reset-password',
    )
  })

  it('fails on a network error', async () => {
    setFault('sendpasswordresetlink', { kind: 'network' })
    await expect(sendPasswordResetLink('tom@example.com', 'en')).rejects.toThrow(
      'Error fetching data',
    )
  })
})
