import { describe, expect, it } from 'vitest'
import { faqItemsProblem, faqList } from './editorial-constants'
import { faqFromJson, paragraphs } from './faq'

describe('faq JSON model', () => {
  it('reads question/answer pairs; a blank line or a list makes paragraphs', () => {
    expect(
      faqFromJson([
        { question: ' Delivery? ', answer: 'Yes.\n\nFree from\n150 EUR.' },
        { question: 'Droplets?', answer: ['Points.', 'Worth 0.20 EUR.'] },
        { question: 'No answer yet?' },
      ]),
    ).toEqual({
      items: [
        { question: 'Delivery?', answer: ['Yes.', 'Free from 150 EUR.'] },
        { question: 'Droplets?', answer: ['Points.', 'Worth 0.20 EUR.'] },
        { question: 'No answer yet?', answer: [] },
      ],
      skipped: [],
    })
  })

  it('accepts { items: [...] } and skips items without a question', () => {
    expect(faqFromJson({ items: [{ answer: 'x' }, 3, { question: 'Q', answer: 'A' }] })).toEqual({
      items: [{ question: 'Q', answer: ['A'] }],
      skipped: [1, 2],
    })
  })

  it('throws for a value that is not a list', () => {
    expect(() => faqFromJson('text')).toThrow(/must be a list/)
    expect(() => faqFromJson({ question: 'Q' })).toThrow(/must be a list/)
  })

  it.each([
    [[{ question: 'Q', answer: 'A' }], null],
    [[], 'the list is empty'],
    [[{ answer: 'A' }], 'items 1 have no "question" text'],
    [{ a: 1 }, 'the JSON must be a list of {"question", "answer"}'],
  ])('data-items %j → %j', (value, problem) => {
    expect(faqItemsProblem(value)).toBe(problem)
  })

  it.each<[unknown, unknown[] | null]>([
    [[{ question: 'Q' }], [{ question: 'Q' }]],
    [{ items: [{ question: 'Q' }] }, [{ question: 'Q' }]],
    [[], []],
    [{ items: 'Q' }, null],
    [{ question: 'Q' }, null],
    ['text', null],
    [null, null],
  ])('faqList(%j) → %j (the list itself or its items)', (value, list) => {
    expect(faqList(value)).toEqual(list)
  })

  it('splits paragraphs on blank lines only', () => {
    expect(paragraphs('  one\ntwo \n \n three  ')).toEqual(['one two', 'three'])
  })
})
