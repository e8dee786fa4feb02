/**
 * Where the page's config block lives, and the one thing the library entry needs from it before
 * any widget loads: whether the page is a demo page (widgets that fail show their error in place
 * there). Reading and validating the whole block (`config.ts`) loads with the first widget.
 */
import { isRecord } from '../domain/is-record'

export const CONFIG_ELEMENT_ID = 'wine-widgets-config'

/** The config block's text, or null when the page has none. */
export const configText = (doc: Document): string | null =>
  doc.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? null

/** Whether the config block says `"demo": true` (anything unreadable: no). */
export function isDemoPage(doc: Document = document): boolean {
  try {
    const raw: unknown = JSON.parse(configText(doc) ?? 'null')
    return isRecord(raw) && raw.demo === true
  } catch {
    return false
  }
}
