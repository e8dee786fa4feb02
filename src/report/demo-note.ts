/**
 * Demo pages (`"demo": true` in the config block) show editors what the console says, beside
 * the widget's tag: a failed load, a misspelt attribute. Shoppers' pages show nothing more.
 * The note sits after the tag, not in it: the widget keeps its own content (its "couldn't
 * load" text and Try again button), and nothing is put into a node React renders into.
 */
import { configText } from '../config/config-block'
import { isRecord } from '../domain/is-record'
import { place } from '../ui/placed/placed'

/** The mark of a note beside a widget's tag (styled by wine-widgets.css, mount/reserve.css). */
export const NOTE_ATTRIBUTE = 'data-widget-note'

/**
 * Whether the config block says `"demo": true`. The entry has the same check (`isDemoPage`):
 * importing it from here would make the entry export it, and the entry has no byte to spare.
 */
export function isDemo(doc: Document): boolean {
  try {
    const raw: unknown = JSON.parse(configText(doc) ?? 'null')
    return isRecord(raw) && raw.demo === true
  } catch {
    return false
  }
}

/** The notes shown beside each tag, in order. */
const shown = new WeakMap<Element, HTMLElement[]>()

/**
 * On a demo page, shows `text` after the tag (and after its earlier notes), once per text: a
 * failure met again (Try again) does not stack the same line twice. An element outside the
 * page's body (the config block in <head>) gets its notes first in the body, where they show.
 */
export function showNote(element: Element, text: string): void {
  const doc = element.ownerDocument
  if (!element.isConnected || !isDemo(doc)) return
  const notes = (shown.get(element) ?? []).filter((note) => note.isConnected)
  shown.set(element, notes)
  if (notes.some((note) => note.textContent === text)) return
  const note = doc.createElement('p')
  note.setAttribute('role', 'note')
  note.setAttribute(NOTE_ATTRIBUTE, element.getAttribute('data-widget') ?? '')
  note.textContent = text
  const after = notes.at(-1) ?? (element.closest('body') ? element : null)
  if (after) after.after(note)
  else place(note, doc, 'start')
  notes.push(note)
}
