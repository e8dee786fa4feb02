import { describe, expect, it } from 'vitest'
import type { ConversationLine } from './types'
import { MAX_LINE_LENGTH, MAX_LINES, clipLine, sommelierRequest } from './sommelier-request'

describe('sommelier request', () => {
  it('is the locale and the lines only: no prompt, model or settings', () => {
    const body = sommelierRequest('fr', [], '  Un steak  ')
    expect(body).toEqual({ locale: 'fr', messages: [{ role: 'user', content: 'Un steak' }] })
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
    const { messages } = sommelierRequest('fr', history, 'Et un dessert ?')
    expect(messages.map((m) => [m.role, m.content])).toEqual([
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
    const sent = sommelierRequest('en', long, 'q').messages
    expect(sent).toHaveLength(MAX_LINES)
    expect(sent[0]!.content).toBe('m21')
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'q' })
  })

  it('clips every line to the limit, the question too', () => {
    const essay = 'Du vin. '.repeat(200)
    const { messages } = sommelierRequest(
      'fr',
      [{ from: 'sommelier', message: essay, wines: [] }],
      essay,
    )
    for (const line of messages) {
      expect(line.content.length).toBeLessThanOrEqual(MAX_LINE_LENGTH)
      expect(essay.startsWith(line.content)).toBe(true)
    }
  })

  it('never cuts a character in half', () => {
    const text = `${'a'.repeat(MAX_LINE_LENGTH - 1)}🍷 et la suite`
    const clipped = clipLine(text)
    expect(clipped).toBe('a'.repeat(MAX_LINE_LENGTH - 1))
    expect(clipLine(`  ${'b'.repeat(MAX_LINE_LENGTH)}  `)).toBe('b'.repeat(MAX_LINE_LENGTH))
  })
})
