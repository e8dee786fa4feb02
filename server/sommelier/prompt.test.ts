import { describe, expect, it } from 'vitest'
import { PAIRINGS_END, PAIRINGS_START } from '../../src/domain/sommelier-pairings'
import {
  DEFAULT_MODEL_SETTINGS,
  PROMPT_WINES,
  SOMMELIER_MAX_TOKENS,
  chatCompletionBody,
  systemPrompt,
} from './prompt'

describe('sommelier prompt', () => {
  it('asks gpt-4o at temperature 0 for a stream, with a cap on the answer’s tokens', () => {
    const body = chatCompletionBody('fr', [{ role: 'user', content: 'Un steak' }])
    expect(body).toMatchObject({
      model: 'gpt-4o',
      temperature: 0,
      stream: true,
      max_completion_tokens: SOMMELIER_MAX_TOKENS,
    })
    expect(body).not.toHaveProperty('max_tokens')
    expect(body.messages).toEqual([
      { role: 'system', content: systemPrompt('fr') },
      { role: 'user', content: 'Un steak' },
    ])
  })

  it('names the cap max_tokens for an upstream that knows only that name', () => {
    const body = chatCompletionBody('en', [{ role: 'user', content: 'Fish' }], {
      ...DEFAULT_MODEL_SETTINGS,
      tokenLimitField: 'max_tokens',
    })
    expect(body).toMatchObject({ max_tokens: SOMMELIER_MAX_TOKENS })
    expect(body).not.toHaveProperty('max_completion_tokens')
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

  it('the en prompt says 4 wines, the others 2 (the app shows 2 everywhere)', () => {
    expect(systemPrompt('en')).toContain('suggest 4 wine styles')
    expect(systemPrompt('fr')).toContain('propose 2 styles de vin')
    expect(systemPrompt('nl')).toContain('stel 2 wijnstijlen voor')
  })

  it('sends the lines it is given after its own system prompt, in order', () => {
    const lines = [
      { role: 'user', content: 'Du poisson' },
      { role: 'assistant', content: 'Un Chablis.' },
      { role: 'user', content: 'Et un dessert ?' },
    ] as const
    const { messages } = chatCompletionBody('fr', lines)
    expect(messages).toEqual([{ role: 'system', content: systemPrompt('fr') }, ...lines])
  })
})
