import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'
import { faqItemsProblem } from '../../src/domain/editorial-constants'

const props = {
  /**
   * The pairs as a JSON attribute, for CMS fields that only write attributes. Otherwise the
   * content inside the tag is read (see the description).
   */
  items: {
    type: 'json',
    doc: 'Optional: the pairs as JSON, [{"question": "…", "answer": "…"}] (answer: a text, a blank line starts a paragraph, or a list of paragraphs). Without it the content inside the tag is read.',
    validate: faqItemsProblem,
  },
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
    'Question-and-answer accordions. Give the pairs in data-items, or write them inside the tag as a <script type="application/json"> list of {"question", "answer"} (a blank line in an answer starts a new paragraph), or as CMS markup: <details><summary>question</summary><p>answer</p></details>, or a heading (h2–h6) followed by its answer paragraphs. Shown as plain text; keyboard: Enter/Space toggle, arrow keys, Home and End move between questions.',
  example:
    '<div data-widget="faq" data-items=\'[{"question":"Do you deliver in Belgium?","answer":"Yes, free from 150 EUR."},{"question":"How can I pay?","answer":"By card, in the cart, once logged in."}]\'></div>',
  props,
  load: () => import('./Faq'),
})
