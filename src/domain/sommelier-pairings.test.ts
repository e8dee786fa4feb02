import { describe, expect, it } from 'vitest'
import {
  PAIRINGS_END,
  PAIRINGS_START,
  SUGGESTIONS_PER_ANSWER,
  pairingColorOf,
  parsePairings,
  visibleAnswer,
} from './sommelier-pairings'

const line = {
  dish: 'bœuf grillé',
  color: 'red',
  style: 'rouge structuré',
  grapes: ['Cabernet Sauvignon', 'Merlot'],
  regions: ['Bordeaux'],
}
const answer = (json: string, end = PAIRINGS_END) =>
  `Un Bordeaux est le classique.\n\n${PAIRINGS_START}\n${json}\n${end}`

describe('visibleAnswer: the structured part is never shown', () => {
  it.each([
    ['plain text', 'Un Bordeaux', 'Un Bordeaux'],
    [
      'text, then the structured part',
      answer(JSON.stringify([line])),
      'Un Bordeaux est le classique.',
    ],
    [
      'the structured part still streaming',
      `Le texte.\n\n${PAIRINGS_START}\n[{"dish":"bœ`,
      'Le texte.',
    ],
    ['half a start marker', 'Le texte.\n\n<<<PAIR', 'Le texte.'],
    ['one "<" of a marker', 'Le texte.\n\n<', 'Le texte.'],
    ['a "<" that is just text', 'a < b', 'a < b'],
    [
      'text after the end marker',
      `${answer('[]')}\nSanté !`,
      'Un Bordeaux est le classique.\n\nSanté !',
    ],
  ])('%s', (_name, raw, expected) => {
    expect(visibleAnswer(raw)).toBe(expected)
  })

  it('never shows a marker or the JSON at any point of a stream', () => {
    const raw = answer(JSON.stringify([line]))
    for (let i = 0; i <= raw.length; i += 1) {
      const shown = visibleAnswer(raw.slice(0, i))
      expect(shown).not.toContain('<<<')
      expect(shown).not.toContain('"dish"')
      expect('Un Bordeaux est le classique.').toContain(shown.trim())
    }
  })
})

describe('parsePairings', () => {
  it('reads the lines of the structured part', () => {
    expect(parsePairings(answer(JSON.stringify([line])))).toEqual({
      ok: true,
      pairings: [
        {
          dish: 'bœuf grillé',
          color: 'red',
          style: 'rouge structuré',
          grapes: ['Cabernet Sauvignon', 'Merlot'],
          regions: ['Bordeaux'],
        },
      ],
      followUps: [],
    })
  })

  it('keeps at most 2 suggestions (the sommelier suggests 2 wines)', () => {
    expect(SUGGESTIONS_PER_ANSWER).toBe(2)
    const result = parsePairings(answer(JSON.stringify([line, line, line, line])))
    expect(result.ok && result.pairings).toHaveLength(2)
  })

  it('tolerates code fences, a missing end marker and a { pairings } object', () => {
    const fenced = parsePairings(answer('```json\n' + JSON.stringify([line]) + '\n```'))
    expect(fenced.ok && fenced.pairings[0]?.color).toBe('red')
    const noEnd = parsePairings(`Texte\n${PAIRINGS_START}\n${JSON.stringify([line])}`)
    expect(noEnd.ok && noEnd.pairings).toHaveLength(1)
    const wrapped = parsePairings(answer(JSON.stringify({ pairings: [line] })))
    expect(wrapped.ok && wrapped.pairings).toHaveLength(1)
  })

  it('cleans each line: unknown colours become null, non-strings are dropped', () => {
    const result = parsePairings(
      answer(
        JSON.stringify([{ dish: 4, color: 'blue', grapes: ['Merlot', 3, ' '], regions: 'x' }]),
      ),
    )
    expect(result).toEqual({
      ok: true,
      pairings: [{ dish: '', color: null, style: '', grapes: ['Merlot'], regions: [] }],
      followUps: [],
    })
  })

  it('an empty list is a valid answer without wines', () => {
    expect(parsePairings(answer('[]'))).toEqual({ ok: true, pairings: [], followUps: [] })
  })

  it('keeps the model’s own follow-up questions: at most 3, texts only, none too long', () => {
    const result = parsePairings(
      answer(
        JSON.stringify({
          pairings: [line],
          followUps: [
            ' Un vin plus léger ? ',
            4,
            '',
            'x'.repeat(501),
            'Un rosé',
            'Du bio',
            'Un 4e',
          ],
        }),
      ),
    )
    expect(result.ok && result.followUps).toEqual(['Un vin plus léger ?', 'Un rosé', 'Du bio'])
  })

  it.each([
    ['cut-off JSON', answer('[{"dish":"bœuf","color":"re')],
    ['not a list', answer('"rouge"')],
    ['lines without anything to search', answer('[{"dish":"bœuf"},{"style":"rouge"}]')],
    ['an object without pairings', answer('{"wines":[]}')],
  ])('%s is malformed', (_name, raw) => {
    expect(parsePairings(raw)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('an answer without a structured part is missing it', () => {
    expect(parsePairings('Juste du texte.')).toEqual({ ok: false, reason: 'missing' })
  })
})

describe('pairingColorOf (the records say yellow, red, amber, pink)', () => {
  it.each([
    ['red', 'red'],
    ['Yellow', 'yellow'],
    ['white', 'yellow'],
    ['blanc', 'yellow'],
    ['rosé', 'pink'],
    ['Rosé', 'pink'],
    ['orange', 'amber'],
    ['amber', 'amber'],
    ['red-7b1e2b', 'red'],
    ['rood', 'red'],
    ['blue', null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(pairingColorOf(value)).toBe(expected)
  })
})
