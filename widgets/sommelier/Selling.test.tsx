/**
 * The sommelier's answers go on: cards that sell (estate, price level, "Add to cart" of the
 * default bottle at the catalogue's price), follow-up questions, Stop and feedback.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderWidget } from '../../mocks/render-widget'
import { callsOf, db } from '../../mocks/db'
import { releaseHeld, setFault, whenHeld } from '../../mocks/faults'
import { server } from '../../mocks/node'
import { answerFor } from '../../mocks/sommelier'
import { OUT_OF_STOCK_CODE, toRecord, wineBaseByCode } from '../../fixtures/wines'
import { setPageConfig } from '../../src/config/config'
import { visibleAnswer } from '../../src/domain/sommelier-pairings'
import { normalizeHit } from '../../src/domain/wine-hit'
import { getBus } from '../../src/bus/bus'
import { getStore } from '../../src/store/shared-store'
import { chatWineOf } from '../../src/services/sommelier/suggestions'
import type { ChatWine, Locale } from '../../src/domain/types'
import { sommelier } from './index'

vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

beforeEach(() => {
  setPageConfig({
    config: {
      demo: false,
      algolia: { appId: 'DEMOAPP', searchKey: 'demo-search-only-key' },
      sommelier: { url: '/api/sommelier' },
      rules: { url: '/api/rules' },
    },
    problems: [],
  })
})

/** A wine of the fixtures as the sommelier keeps it in the conversation. */
function chatWine(odooCode: string, locale: Locale): ChatWine {
  const base = wineBaseByCode(odooCode)
  const hit = base && normalizeHit(toRecord(base, locale))
  if (!hit) throw new Error(`no fixture wine ${odooCode}`)
  return chatWineOf(hit)
}

/** A conversation read back from the store (as after a reload): one answer with these wines. */
function answered(question: string, message: string, wines: ChatWine[]) {
  getStore().update((d) => {
    d.conversation = [
      { from: 'user', message: question, wines: [] },
      { from: 'sommelier', message, wines },
    ]
  })
}

async function openChat(locale: Locale) {
  db.sessionEmail = 'claire@example.com'
  const user = userEvent.setup()
  await renderWidget(sommelier, { locale, attributes: { 'data-mode': 'chat' } })
  const title = { fr: 'Votre sommelier', nl: 'Je sommelier', en: 'Your sommelier' }[locale]
  const chat = await screen.findByRole('region', { name: title })
  return { user, chat }
}

const log = (chat: HTMLElement) => within(chat).getByRole('log')

describe('sommelier cards that sell', () => {
  it('(fr) a card shows the estate and price level, and adds the 75 cl bottle of the first active vintage at the catalogue’s price', async () => {
    // W10001 (fixtures/wines.ts): Château Lagrange-Belair Pauillac Grand Vin, price level 4;
    // its first active vintage, 2020, has a 75cl bottle at 45.45 EUR, 39 in stock.
    const wine = chatWine('W10001', 'fr')
    answered('Un agneau rôti', 'Un rouge du Sud-Ouest.', [wine])
    const { user, chat } = await openChat('fr')
    const card = within(chat).getByRole('article')
    expect(within(card).getByRole('link', { name: wine.title })).toHaveAttribute('href', wine.url)
    expect(within(card).getByText(wine.e!)).toBeVisible()
    expect(within(card).getByRole('img', { name: 'Niveau de prix 4 sur 4' })).toHaveTextContent(
      '€€€€',
    )
    const add = await within(card).findByRole('button', { name: 'Ajouter au panier' })
    expect(within(card).getByText('2020 · 75cl')).toBeVisible()
    expect(callsOf('getwinevariants').map((c) => c.payload)).toEqual([
      { odooCode: 'W10001', locale: 'fr', name: 'Château Lagrange-Belair Pauillac Grand Vin' },
    ])

    await user.click(add)
    expect(
      await within(card).findByText('Ajouté. Vous en avez maintenant 1 dans votre panier.'),
    ).toBeVisible()
    expect(within(card).getByText('Dans votre panier : 1')).toBeVisible()
    expect(within(card).getByRole('link', { name: 'Voir votre panier' })).toHaveAttribute(
      'href',
      '/fr/panier',
    )
    const [line] = getStore().getState().cart.lines
    expect(line).toMatchObject({
      odooCode: 'W10001',
      odooId: 200000,
      name: 'Château Lagrange-Belair Pauillac Grand Vin',
      vintage: '2020',
      volume: '75cl',
      quantity: 1,
      price: 45.45,
      type: 'product',
    })
  })

  it('(nl) a sold-out wine shows it is out of stock and offers no button', async () => {
    answered('Lamsvlees', 'Een rode wijn.', [chatWine(OUT_OF_STOCK_CODE, 'nl')])
    const { chat } = await openChat('nl')
    const card = within(chat).getByRole('article')
    expect(await within(card).findByText('Uitverkocht')).toBeVisible()
    expect(within(card).queryByRole('button', { name: 'In winkelwagen' })).toBeNull()
  })

  it('(nl) a card saved before cards could sell (no code) keeps only its link', async () => {
    // As a conversation saved before the cards sold: no code, estate or price level.
    const { id, title, url, label, c, m } = chatWine('W10002', 'nl')
    const old: ChatWine = { id, title, url, label, c, m }
    answered('Vis', 'Een witte wijn.', [old])
    const { chat } = await openChat('nl')
    const card = within(chat).getByRole('article')
    expect(within(card).getByRole('link', { name: old.title })).toBeVisible()
    expect(within(card).queryByRole('button')).toBeNull()
    expect(callsOf('getwinevariants')).toHaveLength(0)
  })
})

describe('a conversation that goes on', () => {
  it('(fr) three follow-ups under the last answer send a refined question', async () => {
    answered('Un agneau rôti', 'Un rouge du Sud-Ouest.', [])
    const { user, chat } = await openChat('fr')
    const list = within(chat).getByRole('list', { name: 'Pour continuer' })
    const buttons = within(list).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Quelque chose de moins cher',
      'Plutôt un vin blanc',
      'Uniquement des vins bio',
    ])
    await user.click(within(list).getByRole('button', { name: 'Plutôt un vin blanc' }))
    await waitFor(() => expect(callsOf('sommelier')).toHaveLength(1))
    expect(callsOf('sommelier')[0]!.payload).toEqual({
      locale: 'fr',
      messages: [
        { role: 'user', content: 'Un agneau rôti' },
        { role: 'assistant', content: 'Un rouge du Sud-Ouest.' },
        { role: 'user', content: 'Plutôt un vin blanc' },
      ],
    })
    expect(within(log(chat)).getByText('Plutôt un vin blanc')).toBeVisible()
    // Its button went with the question: the focus is in the question field.
    expect(within(chat).getByRole('textbox', { name: 'Votre plat' })).toHaveFocus()
    // Under the new answer only, once it is there.
    const text = visibleAnswer(answerFor('Plutôt un vin blanc', 'fr'))
    expect(await within(log(chat)).findByText(text)).toBeVisible()
    await waitFor(() =>
      expect(within(chat).getAllByRole('list', { name: 'Pour continuer' })).toHaveLength(1),
    )
  })

  it('(nl) the model’s own follow-ups replace the chat’s when the answer carries them', async () => {
    const structured = JSON.stringify({
      pairings: [],
      followUps: ['Een lichtere rode?', 'Iets voor bij de kaas?'],
    })
    const content = JSON.stringify(
      `Een Pinot Noir past.\n\n<<<PAIRINGS>>>\n${structured}\n<<<END>>>`,
    )
    server.use(
      http.post(
        '/api/sommelier',
        () =>
          new HttpResponse(
            `data: {"choices":[{"index":0,"delta":{"content":${content}},"finish_reason":null}]}\n\n` +
              'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    )
    const { user, chat } = await openChat('nl')
    await user.type(within(chat).getByRole('textbox', { name: 'Je gerecht' }), 'Eend{Enter}')
    const list = await within(chat).findByRole('list', { name: 'Verder met' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Een lichtere rode?', 'Iets voor bij de kaas?'])
  })

  it('(nl) Stop aborts the answer while it streams: what came stays, marked as stopped', async () => {
    setFault('sommelier', { kind: 'stepped' }, { times: 1 })
    const { user, chat } = await openChat('nl')
    const input = within(chat).getByRole('textbox', { name: 'Je gerecht' })
    await user.type(input, 'Vis met citroen{Enter}')
    await whenHeld('sommelier')
    releaseHeld('sommelier')
    const stop = await within(chat).findByRole('button', { name: 'Stoppen' })
    await user.click(stop)
    expect(await within(log(chat)).findByText('Je hebt dit antwoord gestopt.')).toBeVisible()
    // The same button sends again, and keeps the focus.
    const send = within(chat).getByRole('button', { name: 'Versturen' })
    expect(send).toHaveFocus()
    expect(log(chat)).toHaveAttribute('aria-busy', 'false')
    expect(getStore().getState().conversation.at(-1)).toMatchObject({
      from: 'sommelier',
      error: 'stopped',
    })
    // Stopped: no follow-ups offered under it, and the next question goes out.
    expect(within(chat).queryByRole('list', { name: 'Verder met' })).toBeNull()
    await user.type(input, 'Kaas{Enter}')
    await waitFor(() => expect(callsOf('sommelier')).toHaveLength(2))
  })

  it('(nl) the fetch Stop ends is aborted (the proxy then cancels the model)', async () => {
    let signal: AbortSignal | undefined
    server.use(
      http.post('/api/sommelier', ({ request }) => {
        signal = request.signal
        return new HttpResponse(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(
                new TextEncoder().encode(
                  'data: {"choices":[{"index":0,"delta":{"content":"Een"},"finish_reason":null}]}\n\n',
                ),
              )
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        )
      }),
    )
    const { user, chat } = await openChat('nl')
    await user.type(within(chat).getByRole('textbox', { name: 'Je gerecht' }), 'Vis{Enter}')
    expect(await within(log(chat)).findByText('Een')).toBeVisible()
    expect(signal?.aborted).toBe(false)
    await user.click(within(chat).getByRole('button', { name: 'Stoppen' }))
    await waitFor(() => expect(signal?.aborted).toBe(true))
  })

  it('(fr) thumbs up or down per answer: a sommelier:feedback event, the choice pressed', async () => {
    const heard = vi.fn()
    getBus().on('sommelier:feedback', heard)
    const wine = chatWine('W10001', 'fr')
    answered('Un agneau rôti', 'Un rouge du Sud-Ouest.', [wine])
    const { user, chat } = await openChat('fr')
    const group = within(chat).getByRole('group', { name: 'Cette réponse vous a-t-elle aidé ?' })
    const up = within(group).getByRole('button', { name: 'Réponse utile' })
    const down = within(group).getByRole('button', { name: 'Réponse peu utile' })
    expect(up).toHaveAttribute('aria-pressed', 'false')
    await user.click(up)
    expect(up).toHaveAttribute('aria-pressed', 'true')
    expect(within(group).getByText('Merci pour votre avis.')).toBeInTheDocument()
    await user.click(up)
    await user.click(down)
    expect(down).toHaveAttribute('aria-pressed', 'true')
    expect(up).toHaveAttribute('aria-pressed', 'false')
    expect(heard.mock.calls).toEqual([
      [{ rating: 'up', answer: 1, locale: 'fr', wines: [wine.id] }],
      [{ rating: 'down', answer: 1, locale: 'fr', wines: [wine.id] }],
    ])
  })
})
