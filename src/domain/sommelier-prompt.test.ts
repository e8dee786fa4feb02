import { describe, expect, it } from 'vitest'
import type { ConversationLine } from './types'
import {
  HISTORY_LINES,
  PROMPT_WINES,
  buildMessages,
  chatRequest,
  systemPrompt,
} from './sommelier-prompt'
import { PAIRINGS_END, PAIRINGS_START } from './sommelier-pairings'

describe('sommelier prompt', () => {
  it('asks gpt-4o at temperature 0 for a stream (spec 7)', () => {
    const body = chatRequest('fr', [], '  Un steak  ')
    expect(body).toMatchObject({ model: 'gpt-4o', temperature: 0, stream: true })
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Un steak' })
  })

  it.each([
    ['en', 'Answer in English', 4],
    ['fr', 'Réponds en français', 2],
    ['nl', 'Antwoord in het Nederlands', 2],
  ] as const)('the %s prompt names its language and the structured part', (locale, language, n) => {
    const prompt = systemPrompt(locale)
    expect(prompt).toContain(language)
    expect(prompt).toContain(PAIRINGS_START)
    expect(prompt).toContain(PAIRINGS_END)
    expect(prompt).toContain(`${n} `)
    expect(PROMPT_WINES[locale]).toBe(n)
  })

  it('asks for the shop’s voice: "vous" in French, "je" in Dutch (one voice per locale)', () => {
    expect(systemPrompt('fr')).toContain('en vouvoyant le visiteur')
    expect(systemPrompt('nl')).toContain('spreek de bezoeker aan met "je"')
  })

  it('the en prompt says 4 wines, the others 2 (spec 9; the app shows 2 everywhere)', () => {
    expect(systemPrompt('en')).toContain('suggest 4 wine styles')
    expect(systemPrompt('fr')).toContain('propose 2 styles de vin')
    expect(systemPrompt('nl')).toContain('stel 2 wijnstijlen voor')
  })

  it('sends the readable history, newest lines only, without failed or empty answers', () => {
    const history: ConversationLine[] = [
      { from: 'user', message: 'Du poisson', wines: [] },
      { from: 'sommelier', message: 'Un Chablis.', wines: [] },
      { from: 'user', message: 'Et du fromage', wines: [] },
      { from: 'sommelier', message: 'Un Sauternes, puis coup', wines: [], error: 'cut-off' },
      { from: 'user', message: 'Encore', wines: [] },
      { from: 'sommelier', message: '', wines: [] },
    ]
    const messages = buildMessages('fr', history, 'Et un dessert ?')
    expect(messages.map((m) => [m.role, m.content]).slice(1)).toEqual([
      ['user', 'Du poisson'],
      ['assistant', 'Un Chablis.'],
      ['user', 'Et du fromage'],
      ['user', 'Encore'],
      ['user', 'Et un dessert ?'],
    ])
    const long = Array.from({ length: 30 }, (_, i): ConversationLine => ({
      from: i % 2 ? 'sommelier' : 'user',
      message: `m${i}`,
      wines: [],
    }))
    const sent = buildMessages('en', long, 'q')
    expect(sent).toHaveLength(HISTORY_LINES + 2)
    expect(sent[1]!.content).toBe('m20')
  })
})
