import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

const props = {
  /**
   * The heading level of the questions, to fit the page's outline.
   * @default "3"
   */
  level: {
    type: 'enum',
    values: ['2', '3', '4'],
    default: '3',
    doc: 'Heading level of each question (2, 3 or 4) so the accordions fit the page outline.',
  },
  /** Opening a question closes the one that was open. @default false */
  single: {
    type: 'boolean',
    default: false,
    doc: 'Keep at most one answer open at a time.',
  },
} as const satisfies PropsSchema

export type FaqProps = PropsOf<typeof props>

export const faq = defineWidget({
  name: 'faq',
  description:
    'Question-and-answer accordions. Write the pairs inside the tag as a <script type="application/json"> list of {"question", "answer"} (a blank line in an answer starts a new paragraph), or as CMS markup: <details><summary>question</summary><p>answer</p></details>, or a heading (h2–h6) followed by its answer paragraphs. Shown as plain text; keyboard: Enter/Space toggle, arrow keys, Home and End move between questions.',
  example:
    '<div data-widget="faq"><script type="application/json">[{"question":"Do you deliver in Belgium?","answer":"Yes, free from 150 EUR."}]</script></div>',
  props,
  load: () => import('./Faq'),
})
