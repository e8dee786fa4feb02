/**
 * The faq widget's content model: the question/answer pairs an editor writes inside the tag
 * (when the tag has no `data-items` attribute, which the widget reads first).
 *
 * 1. A `<script type="application/json">` child holding `[{ "question": "…", "answer": "…" }]`
 *    (an answer may also be a list of paragraphs; a blank line in a string starts a new one).
 * 2. Otherwise the CMS markup inside the tag: `<details><summary>Q</summary>…answer…</details>`
 *    pairs, or headings (h2–h6) each followed by their answer (the elements up to the next
 *    heading).
 *
 * Everything is read as text, never as HTML.
 */
import { clean, faqFromJson, paragraphs, type FaqItem } from '../../src/domain/faq'

export interface FaqContent {
  items: FaqItem[]
  /** What went wrong reading the editor's content, for the console; null when fine. */
  problem: string | null
}

/** The text paragraphs of a run of nodes: each block element is a paragraph, list items too. */
function nodeParagraphs(nodes: readonly Node[]): string[] {
  const out: string[] = []
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(...paragraphs(node.textContent ?? ''))
    } else if (node instanceof Element) {
      if (node.matches('script, style, template')) continue
      const blocks = node.matches('ul, ol') ? [...node.children] : [node]
      for (const block of blocks) {
        const text = clean(block.textContent.replace(/\s+/g, ' '))
        if (text) out.push(text)
      }
    }
  }
  return out
}

const HEADING = 'h2, h3, h4, h5, h6'

/** The pairs written as CMS markup inside `root`. */
export function faqFromMarkup(root: Element): FaqItem[] {
  const details = [...root.querySelectorAll('details')]
  if (details.length > 0) {
    return details.flatMap((d) => {
      const summary = d.querySelector(':scope > summary')
      const question = clean((summary?.textContent ?? '').replace(/\s+/g, ' '))
      if (!question) return []
      const rest = [...d.childNodes].filter((n) => n !== summary)
      return [{ question, answer: nodeParagraphs(rest) }]
    })
  }
  const headings = [...root.querySelectorAll(HEADING)]
  return headings.flatMap((h) => {
    const question = clean(h.textContent.replace(/\s+/g, ' '))
    if (!question) return []
    const rest: Node[] = []
    for (
      let n = h.nextSibling;
      n && !(n instanceof Element && n.matches(HEADING));
      n = n.nextSibling
    )
      rest.push(n)
    return [{ question, answer: nodeParagraphs(rest) }]
  })
}

/** Reads the editor's content from the tag (JSON script first, then the markup). */
export function readFaqContent(element: Element): FaqContent {
  const script = element.querySelector('script[type="application/json"]')
  if (script) {
    try {
      const { items, skipped } = faqFromJson(JSON.parse(script.textContent))
      const problem =
        skipped.length > 0
          ? `the JSON items ${skipped.join(', ')} have no "question" text and are not shown`
          : items.length === 0
            ? 'the JSON list is empty'
            : null
      return { items, problem }
    } catch (error) {
      const fallback = faqFromMarkup(element)
      const reason = error instanceof Error ? error.message : String(error)
      return { items: fallback, problem: `the JSON script could not be read: ${reason}` }
    }
  }
  const items = faqFromMarkup(element)
  return {
    items,
    problem: items.length === 0 ? 'no question/answer pairs inside the tag' : null,
  }
}

// The root replaces the tag's content on its first render: keep what was read, so the widget
// can be unmounted and mounted again (hosts swapping fragments) without losing its questions.
const cache = new WeakMap<Element, FaqContent>()

export function faqContentOf(element: Element): FaqContent {
  let content = cache.get(element)
  if (!content) {
    content = readFaqContent(element)
    cache.set(element, content)
  }
  return content
}
