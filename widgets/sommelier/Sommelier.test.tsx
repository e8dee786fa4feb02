import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { releaseHeld, setFault, whenHeld } from '../../mocks/faults'
import { server } from '../../mocks/node'
import { answerFor, PAIRINGS_END, PAIRINGS_START } from '../../mocks/sommelier'
import { search as runSearch } from '../../mocks/search-engine'
import { winesFor } from '../../fixtures/wines'
import { parseConfig, setPageConfig } from '../../src/config/config'
import { filterLadder } from '../../src/domain/sommelier-filters'
import { parsePairings, visibleAnswer } from '../../src/domain/sommelier-pairings'
import { getBus } from '../../src/bus/bus'
import { getStore } from '../../src/store/shared-store'
import type { Locale } from '../../src/domain/types'
import { sommelier } from './index'
import { loggedCallFailure } from '../../mocks/test-setups/console'
import { SOMMELIER_DRAFT_KEY } from '../../src/features/sommelier-draft/sommelier-draft'

const CONFIG = {
  algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-only-key' },
  sommelier: { url: '/api/sommelier' },
}

vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

const TEXT = {
  fr: {
    button: 'Demandez à notre sommelier',
    title: 'Votre sommelier',
    loginPrompt: 'Connectez-vous pour discuter avec notre sommelier.',
    greeting: /^Bonjour Claire !/,
    input: 'Votre plat',
    send: 'Envoyer',
    stop: 'Arrêter',
    thinking: 'Le sommelier réfléchit…',
    searching: 'Je cherche des vins dans notre boutique…',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    login: 'Se connecter',
    close: 'Fermer le sommelier',
    toSearch: 'Passer à la recherche de vins',
    suggestions: 'Vins de notre boutique',
    dish: 'Un steak grillé ce soir',
    http: 'Le sommelier n’est pas disponible pour le moment. Réessayez dans un instant.',
    network: 'Impossible de joindre le sommelier. Vérifiez votre connexion et réessayez.',
    model: 'Le sommelier n’a pas pu terminer cette réponse. Posez à nouveau votre question.',
    cutOff: 'La réponse a été interrompue. Posez à nouveau votre question.',
    rateLimited:
      'Vous avez posé beaucoup de questions en peu de temps. Posez à nouveau votre question dans 42 secondes.',
    rateLimitedLater:
      'Vous avez posé beaucoup de questions en peu de temps. Patientez une minute, puis posez à nouveau votre question.',
    red: 'Couleur : Rouge',
  },
  nl: {
    button: 'Vraag het onze sommelier',
    title: 'Je sommelier',
    loginPrompt: 'Meld je aan om met onze sommelier te praten.',
    greeting: /^Hallo Claire!/,
    input: 'Je gerecht',
    send: 'Versturen',
    stop: 'Stoppen',
    thinking: 'De sommelier denkt na…',
    searching: 'Ik zoek wijnen in onze winkel…',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    login: 'Inloggen',
    close: 'Sommelier sluiten',
    toSearch: 'Naar het zoeken in wijnen',
    suggestions: 'Wijnen uit onze winkel',
    dish: 'Vis met citroen',
    http: 'De sommelier is nu niet beschikbaar. Probeer het zo meteen opnieuw.',
    network: 'We konden de sommelier niet bereiken. Controleer je verbinding en probeer opnieuw.',
    model: 'De sommelier kon dit antwoord niet afmaken. Stel je vraag opnieuw.',
    cutOff: 'Het antwoord werd afgebroken. Stel je vraag opnieuw.',
    rateLimited:
      'Je hebt veel vragen gesteld in korte tijd. Stel je vraag opnieuw over 42 seconden.',
    rateLimitedLater:
      'Je hebt veel vragen gesteld in korte tijd. Wacht een minuut en stel je vraag dan opnieuw.',
    red: 'Kleur: Rood',
  },
  en: {
    button: 'Ask our sommelier',
    title: 'Your sommelier',
    loginPrompt: 'Log in to chat with our sommelier.',
    greeting: /^Hello Claire!/,
    input: 'Your dish',
    send: 'Send',
    stop: 'Stop',
    thinking: 'The sommelier is thinking…',
    searching: 'Looking for wines in our shop…',
    email: 'E-mail address',
    password: 'Password',
    login: 'Log in',
    close: 'Close the sommelier',
    toSearch: 'Switch to the wine search',
    suggestions: 'Wines from our shop',
    dish: 'Roast chicken',
    http: 'The sommelier is not available right now. Please try again in a moment.',
    network: 'We could not reach the sommelier. Check your connection and try again.',
    model: 'The sommelier could not finish this answer. Please ask again.',
    cutOff: 'The answer was cut off. Please ask again.',
    rateLimited: 'You have asked many questions in a short time. Please ask again in 42 seconds.',
    rateLimitedLater:
      'You have asked many questions in a short time. Please wait a minute and ask again.',
    red: 'Colour: Red',
  },
} as const

beforeEach(() => {
  setPageConfig(parseConfig(JSON.stringify(CONFIG)))
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The wines the mock index holds for the first search of a line's ladder that finds any. */
function candidates(locale: Locale, question: string): string[][] {
  const parsed = parsePairings(answerFor(question, locale))
  if (!parsed.ok) throw new Error('the mock answer has no pairings')
  const records = winesFor(locale)
  const facets = runSearch(records, { query: '', hitsPerPage: 0, facets: ['c.color', 't.image'] })
  const index = {
    color: Object.keys(facets.facets!['c.color']!),
    type: Object.keys(facets.facets!['t.image']!),
  }
  return parsed.pairings.map((pairing) => {
    for (const facetFilters of filterLadder(pairing, index)) {
      const { hits } = runSearch(records, { query: '', facetFilters, hitsPerPage: 20 })
      if (hits.length) return hits.map((h) => h.title)
    }
    return []
  })
}

/** Every message the last sommelier line showed while the answer streamed in. */
function recordAnswers(): string[] {
  const seen: string[] = []
  getStore().subscribe(() => {
    const last = getStore().getState().conversation.at(-1)
    if (last?.from === 'sommelier' && seen.at(-1) !== last.message) seen.push(last.message)
  })
  return seen
}

async function openChat(locale: Locale, loggedIn = true) {
  if (loggedIn) db.sessionEmail = 'claire@example.com'
  // On fake timers, the typing's pauses move the fake clock.
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {})
  const rendered = await renderWidget(sommelier, { locale, attributes: { 'data-mode': 'chat' } })
  const chat = await screen.findByRole('region', { name: TEXT[locale].title })
  return { user, chat, ...rendered }
}

async function ask(
  locale: Locale,
  chat: HTMLElement,
  user: ReturnType<typeof userEvent.setup>,
  q: string,
) {
  const input = await within(chat).findByRole('textbox', { name: TEXT[locale].input })
  await user.type(input, `${q}{Enter}`)
  return input
}

const log = (chat: HTMLElement) => within(chat).getByRole('log')

/** What the chat shows while an answer or its wines are coming, in every locale. */
const WORKING = Object.values(TEXT).flatMap((t) => [t.thinking, t.searching])

/** The last answer is complete: the log is not busy, nothing says more is coming. */
const answered = (chat: HTMLElement, timeout = 5_000) =>
  waitFor(
    () => {
      expect(log(chat)).toHaveAttribute('aria-busy', 'false')
      for (const text of WORKING) expect(within(chat).queryByText(text)).toBeNull()
    },
    { timeout },
  )

describe('sommelier button', () => {
  it.each(['fr', 'nl'] as const)('(%s) opens the modal in sommelier mode', async (locale) => {
    const user = userEvent.setup()
    const opened = vi.fn()
    getBus().on('modal:open', opened)
    await renderWidget(sommelier, { locale })
    const button = await screen.findByRole('button', { name: TEXT[locale].button })
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(button)
    expect(opened).toHaveBeenCalledWith({ mode: 'sommelier' })
  })

  it.each(['fr', 'nl', 'en'] as const)(
    '(%s) shows the image of its locale, and keeps the localized text as its name',
    async (locale) => {
      await renderWidget(sommelier, {
        locale,
        attributes: { 'data-image': '/assets/sommelier/button-{locale}.svg' },
      })
      const button = await screen.findByRole('button', { name: TEXT[locale].button })
      // The image is decorative (alt=""): the text names the button, whatever the image says.
      const image = button.querySelector('img')
      expect(image).toHaveAttribute('src', `/assets/sommelier/button-${locale}.svg`)
      expect(image).toHaveAttribute('alt', '')
      expect(within(button).queryByRole('img')).toBeNull()
    },
  )

  it('refuses an image address that is not a path or an http(s) address', async () => {
    await expect(
      renderWidget(sommelier, { attributes: { 'data-image': 'javascript:alert(1)' } }),
    ).rejects.toThrow(/image/)
  })
})

describe('sommelier chat', () => {
  it.each(['fr', 'en'] as const)(
    '(%s) a logged-out visitor sees the login prompt and panel instead of the input',
    async (locale) => {
      const { user, chat } = await openChat(locale, false)
      expect(
        within(chat).getByRole('heading', { level: 2, name: TEXT[locale].title }),
      ).toBeVisible()
      expect(await within(chat).findByText(TEXT[locale].loginPrompt)).toBeVisible()
      expect(within(chat).getByLabelText(TEXT[locale].email)).toBeVisible()
      expect(within(chat).queryByRole('textbox', { name: TEXT[locale].input })).toBeNull()
      await user.type(within(chat).getByLabelText(TEXT[locale].email), 'claire@example.com')
      await user.type(within(chat).getByLabelText(TEXT[locale].password), 'droplets-420')
      await user.click(within(chat).getByRole('button', { name: TEXT[locale].login }))
      const input = await within(chat).findByRole('textbox', { name: TEXT[locale].input })
      await waitFor(() => expect(input).toHaveFocus())
      expect(within(chat).queryByText(TEXT[locale].loginPrompt)).toBeNull()
      expect(within(chat).getByText(TEXT[locale].greeting)).toBeVisible()
    },
  )

  it.each(['fr', 'nl'] as const)(
    '(%s) a full exchange: the answer streams in, then 2 suggestion cards per dish line',
    async (locale) => {
      const { user, chat } = await openChat(locale)
      expect(await within(chat).findByText(TEXT[locale].greeting)).toBeVisible()
      const answers = recordAnswers()
      const input = await ask(locale, chat, user, TEXT[locale].dish)

      // The user line and the (empty) answer line are added at once; the field keeps the focus,
      // and Send is Stop while the answer comes.
      expect(within(log(chat)).getByText(TEXT[locale].dish)).toBeVisible()
      expect(input).toHaveFocus()
      expect(input).toHaveValue('')
      expect(within(chat).getByRole('button', { name: TEXT[locale].stop })).toBeVisible()
      expect(within(chat).queryByRole('button', { name: TEXT[locale].send })).toBeNull()

      const raw = answerFor(TEXT[locale].dish, locale)
      const text = visibleAnswer(raw)
      expect(await within(log(chat)).findByText(text)).toBeVisible()
      const cards = await within(chat).findAllByRole('article', {}, { timeout: 5000 })
      expect(cards).toHaveLength(4)

      // Token by token, and the structured part never showed.
      expect(answers.length).toBeGreaterThan(5)
      for (const shown of answers) {
        expect(text.startsWith(shown)).toBe(true)
        expect(shown).not.toContain('<<<')
      }
      expect(chat).not.toHaveTextContent(PAIRINGS_START)
      expect(chat).not.toHaveTextContent('"grapes"')

      const [first, second] = candidates(locale, TEXT[locale].dish)
      const titles = cards.map(
        (card) => within(card).getByRole('heading', { level: 3 }).textContent,
      )
      expect(first).toEqual(expect.arrayContaining(titles.slice(0, 2)))
      expect(second).toEqual(expect.arrayContaining(titles.slice(2, 4)))
      expect(new Set(titles).size).toBe(4)
      const list = within(chat).getByRole('list', { name: TEXT[locale].suggestions })
      expect(within(list).getAllByRole('listitem')).toHaveLength(4)
      for (const card of cards) {
        expect(within(card).getByRole('link')).toHaveAttribute(
          'href',
          expect.stringMatching(`^/${locale}/`),
        )
      }

      // The locale and the lines only: the prompt, the model and its settings live on the server.
      expect(callsOf('sommelier')[0]!.payload).toEqual({
        locale,
        messages: [{ role: 'user', content: TEXT[locale].dish }],
      })

      await answered(chat)
      expect(input).toHaveFocus()
      expect(getStore().getState().conversation).toEqual([
        { from: 'user', message: TEXT[locale].dish, wines: [] },
        { from: 'sommelier', message: text, wines: expect.any(Array) },
      ])
    },
  )

  it('(fr) red-wine suggestions show their colour dot, label image and title link', async () => {
    const { user, chat } = await openChat('fr')
    await ask('fr', chat, user, 'Une entrecôte')
    const cards = await within(chat).findAllByRole('article')
    for (const card of cards) {
      expect(within(card).getByRole('img', { name: TEXT.fr.red })).toBeVisible()
    }
    expect(within(chat).getAllByRole('img', { name: /^Étiquette de / }).length).toBeGreaterThan(0)
  })

  it.each([
    [
      'fr',
      'HTTP 500',
      'http',
      () => setFault('sommelier', { kind: 'status', status: 500 }, { times: 1 }),
    ],
    [
      'nl',
      'a network error',
      'network',
      () => setFault('sommelier', { kind: 'network' }, { times: 1 }),
    ],
  ] as const)(
    '(%s) %s shows a clear message and the input stays usable',
    async (locale, _n, key, fault) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      fault()
      const { user, chat } = await openChat(locale)
      const input = await ask(locale, chat, user, TEXT[locale].dish)
      expect(await within(chat).findByText(TEXT[locale][key])).toBeVisible()
      // The console names the call, as for every other failed call.
      expect(warn).toHaveBeenCalledWith(
        ...loggedCallFailure(
          'Sommelier: the answer failed',
          'POST /api/sommelier',
          key === 'http' ? '500' : 'network error',
        ),
      )
      await answered(chat)
      // The next question works.
      await user.type(input, `${TEXT[locale].dish}{Enter}`)
      expect(
        await within(log(chat)).findByText(visibleAnswer(answerFor(TEXT[locale].dish, locale))),
      ).toBeVisible()
      expect(within(chat).getAllByText(TEXT[locale][key])).toHaveLength(1)
    },
  )

  it.each(['fr', 'nl', 'en'] as const)(
    '(%s) too many questions (429): the chat says how long to wait, in the shopper’s language',
    async (locale) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      server.use(
        http.post(
          '/api/sommelier',
          () =>
            HttpResponse.json(
              { message: 'Too many requests: try again later.' },
              { status: 429, headers: { 'Retry-After': '42' } },
            ),
          { once: true },
        ),
      )
      const { user, chat } = await openChat(locale)
      const input = await ask(locale, chat, user, TEXT[locale].dish)
      expect(await within(log(chat)).findByText(TEXT[locale].rateLimited)).toBeVisible()
      expect(getStore().getState().conversation.at(-1)).toMatchObject({ error: 'rate-limited' })
      await answered(chat)
      // Once the wait is over, the next question is answered.
      await user.type(input, `${TEXT[locale].dish}{Enter}`)
      expect(
        await within(log(chat)).findByText(visibleAnswer(answerFor(TEXT[locale].dish, locale))),
      ).toBeVisible()
    },
  )

  it('(fr) a refused question read back from the store (a reload) says to wait a minute', async () => {
    getStore().update((d) => {
      d.conversation = [
        { from: 'user', message: 'Du fromage', wines: [] },
        { from: 'sommelier', message: '', wines: [], error: 'rate-limited' },
      ]
    })
    const { chat } = await openChat('fr')
    expect(within(log(chat)).getByText(TEXT.fr.rateLimitedLater)).toBeVisible()
  })

  it('(fr) an error chunk keeps the text received so far and says the answer failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.use(
      http.post(
        '/api/sommelier',
        () =>
          new HttpResponse(
            'data: {"choices":[{"index":0,"delta":{"content":"Un Bordeaux"},"finish_reason":null}]}\n\n' +
              'data: {"error":{"message":"The server had an error while processing your request."}}\n\n',
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    )
    const { user, chat } = await openChat('fr')
    await ask('fr', chat, user, TEXT.fr.dish)
    expect(await within(chat).findByText(TEXT.fr.model)).toBeVisible()
    expect(within(log(chat)).getByText('Un Bordeaux')).toBeVisible()
    await answered(chat)
    expect(within(chat).queryAllByRole('article')).toHaveLength(0)
  })

  it.each(['fr', 'en'] as const)(
    '(%s) a cut-off stream says so, and the input stays usable',
    async (locale) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      setFault('sommelier', { kind: 'malformed' }, { times: 1 })
      const { user, chat } = await openChat(locale)
      await ask(locale, chat, user, TEXT[locale].dish)
      expect(await within(chat).findByText(TEXT[locale].cutOff)).toBeVisible()
      expect(within(log(chat)).getByText('Un instant')).toBeVisible()
      await answered(chat)
      expect(getStore().getState().conversation.at(-1)).toMatchObject({ error: 'cut-off' })
    },
  )

  it('(nl) malformed JSON in the structured part: the answer shows, without cards or raw text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const broken = `Een frisse witte wijn.\n\n${PAIRINGS_START}\n[{"dish":"vis","color":"yellow","grapes":["Chardonnay"\n${PAIRINGS_END}`
    const events = broken
      .match(/[\s\S]{1,9}/g)!
      .map(
        (content) =>
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
      )
    server.use(
      http.post(
        '/api/sommelier',
        () =>
          new HttpResponse(events.join('') + 'data: [DONE]\n\n', {
            headers: { 'Content-Type': 'text/event-stream' },
          }),
      ),
    )
    const { user, chat } = await openChat('nl')
    await ask('nl', chat, user, TEXT.nl.dish)
    expect(await within(log(chat)).findByText('Een frisse witte wijn.')).toBeVisible()
    await answered(chat)
    expect(within(chat).queryAllByRole('article')).toHaveLength(0)
    expect(chat).not.toHaveTextContent('<<<')
    expect(chat).not.toHaveTextContent('Chardonnay')
    expect(callsOf('search')).toHaveLength(0)
    expect(warn).toHaveBeenCalled()
  })

  it('(fr) a failing wine search leaves the answer without cards', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setFault('search', { kind: 'status', status: 500 })
    const { user, chat } = await openChat('fr')
    await ask('fr', chat, user, TEXT.fr.dish)
    expect(
      await within(log(chat)).findByText(visibleAnswer(answerFor(TEXT.fr.dish, 'fr'))),
    ).toBeVisible()
    await answered(chat, 15_000)
    expect(within(chat).queryAllByRole('article')).toHaveLength(0)
  })

  it('(fr) the conversation comes back from the store (a reload) and clears with it', async () => {
    getStore().update((d) => {
      d.conversation = [
        { from: 'user', message: 'Du fromage', wines: [] },
        {
          from: 'sommelier',
          message: 'Un Savagnin du Jura.',
          wines: [
            {
              id: '10001',
              title: 'Côtes du Jura Savagnin',
              url: 'javascript:alert(1)',
              label: '/assets/labels/label-01.svg',
              c: { title: 'Blanc', color: 'yellow-e8d27c' },
              m: [{ title: 'Bio', image: '/assets/badges/method-organic.svg' }],
            },
          ],
        },
      ]
    })
    const { chat } = await openChat('fr')
    expect(within(log(chat)).getByText('Du fromage')).toBeVisible()
    expect(within(log(chat)).getByText('Un Savagnin du Jura.')).toBeVisible()
    const card = within(chat).getByRole('article')
    expect(within(card).getByRole('heading', { name: 'Côtes du Jura Savagnin' })).toBeVisible()
    // A stored URL is checked again: no javascript: link.
    expect(within(card).queryByRole('link')).toBeNull()
    expect(within(card).getByRole('img', { name: 'Bio' })).toBeVisible()
    act(() => getStore().clearPersonal())
    await waitFor(() => expect(within(log(chat)).queryByText('Du fromage')).toBeNull())
  })

  it('(fr) a question left by the search is typed in the field, not sent, and only once', async () => {
    sessionStorage.setItem(SOMMELIER_DRAFT_KEY, 'zzqxy lambrusco')
    const { chat, unmount } = await openChat('fr')
    const input = await within(chat).findByRole('textbox', { name: TEXT.fr.input })
    expect(input).toHaveValue('zzqxy lambrusco')
    expect(callsOf('sommelier')).toHaveLength(0)
    expect(sessionStorage.getItem(SOMMELIER_DRAFT_KEY)).toBeNull()
    unmount()
    const again = await openChat('fr')
    expect(await within(again.chat).findByRole('textbox', { name: TEXT.fr.input })).toHaveValue('')
  })

  it('(en) the header buttons close the modal and switch to the search', async () => {
    const { user, chat } = await openChat('en')
    const opened = vi.fn()
    const closed = vi.fn()
    getBus().on('modal:open', opened)
    getBus().on('modal:close', closed)
    await user.click(within(chat).getByRole('button', { name: TEXT.en.toSearch }))
    expect(opened).toHaveBeenCalledWith({ mode: 'search' })
    await user.click(within(chat).getByRole('button', { name: TEXT.en.close }))
    expect(closed).toHaveBeenCalledTimes(1)
  })

  it("(en) shows the question in the Enter's own paint and asks after that paint", async () => {
    const { user, chat } = await openChat('en')
    const input = await within(chat).findByRole('textbox', { name: TEXT.en.input })
    await user.type(input, TEXT.en.dish)
    fireEvent.submit(input.closest('form')!)
    // The Enter's own render: the question and the answer's wait, no write and no request yet.
    expect(within(log(chat)).getByText(TEXT.en.dish)).toBeVisible()
    expect(within(log(chat)).getByText(TEXT.en.thinking)).toBeVisible()
    expect(input).toHaveFocus()
    expect(getStore().getState().conversation).toEqual([])
    expect(callsOf('sommelier')).toHaveLength(0)
    // After the paint: the store holds it, the request leaves, the answer arrives.
    expect(
      await within(log(chat)).findByText(visibleAnswer(answerFor(TEXT.en.dish, 'en'))),
    ).toBeVisible()
    expect(callsOf('sommelier')).toHaveLength(1)
    expect(getStore().getState().conversation[0]).toMatchObject({
      from: 'user',
      message: TEXT.en.dish,
    })
    expect(within(log(chat)).getAllByText(TEXT.en.dish)).toHaveLength(1)
  })

  it('(en) the field takes the next question while an answer comes, and sends it after', async () => {
    setFault('sommelier', { kind: 'held' }, { times: 1 })
    const { user, chat } = await openChat('en')
    const input = await ask('en', chat, user, TEXT.en.dish)
    await whenHeld('sommelier')
    await user.type(input, 'And with cheese?{Enter}')
    // Written, not sent: one question at a time, and the field keeps what was typed.
    expect(input).toHaveValue('And with cheese?')
    expect(input).toHaveFocus()
    expect(within(chat).getByRole('button', { name: TEXT.en.stop })).toBeVisible()
    expect(callsOf('sommelier')).toHaveLength(1)
    releaseHeld('sommelier')
    await answered(chat)
    expect(within(chat).getByRole('button', { name: TEXT.en.send })).not.toHaveAttribute(
      'aria-disabled',
    )
    await user.keyboard('{Enter}')
    expect(await within(log(chat)).findByText('And with cheese?')).toBeVisible()
    await waitFor(() => expect(callsOf('sommelier')).toHaveLength(2))
    expect(input).toHaveValue('')
  })

  it.each(['unmount', 'pagehide'] as const)(
    '(en) a question still waiting for its paint at %s is kept as interrupted, not asked',
    async (how) => {
      const { user, chat, unmount } = await openChat('en')
      const input = await within(chat).findByRole('textbox', { name: TEXT.en.input })
      await user.type(input, TEXT.en.dish)
      fireEvent.submit(input.closest('form')!)
      if (how === 'unmount') unmount()
      else act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide')))
      expect(getStore().getState().conversation).toEqual([
        { from: 'user', message: TEXT.en.dish, wines: [] },
        { from: 'sommelier', message: '', wines: [], error: 'interrupted' },
      ])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(callsOf('sommelier')).toHaveLength(0)
      expect(getStore().getState().conversation).toHaveLength(2)
      if (how === 'pagehide') {
        // A page restored from the back/forward cache shows the question once.
        expect(within(log(chat)).getAllByText(TEXT.en.dish)).toHaveLength(1)
        await answered(chat)
      }
    },
  )

  it('(fr) unmounting aborts the stream and marks the answer as interrupted', async () => {
    // Fake timers that follow the clock meanwhile: the mock streams its answer a piece every few
    // fake ms, and what it would still send is checked below by running every pending timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const { user, chat, unmount } = await openChat('fr')
    await ask('fr', chat, user, TEXT.fr.dish)
    await waitFor(() => expect(getStore().getState().conversation.at(-1)?.message).not.toBe(''))
    unmount()
    const after = getStore().getState().conversation.at(-1)!
    expect(after.error).toBe('interrupted')
    // The rest of the stream's pauses (and the promise jobs between them): nothing more arrives.
    await vi.runAllTimersAsync()
    expect(getStore().getState().conversation.at(-1)!.message).toBe(after.message)
  })

  it('(fr) a logout while streaming stops writing into the cleared conversation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const { user, chat } = await openChat('fr')
    await ask('fr', chat, user, TEXT.fr.dish)
    await waitFor(() => expect(getStore().getState().conversation.at(-1)?.message).not.toBe(''))
    act(() => getStore().clearPersonal())
    // Every pause the mock's stream still had: nothing comes back into the conversation.
    await vi.runAllTimersAsync()
    expect(getStore().getState().conversation).toEqual([])
    expect(await within(chat).findByLabelText(TEXT.fr.email)).toBeVisible()
  })
})
