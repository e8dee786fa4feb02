/**
 * How widgets are packaged; vite.config.ts builds the chunks and the text files from these lists
 * and the runtime preloads by them.
 * - Site widgets: the header and the consent banner, on every page of the real site. Their code
 *   (each one's first render, not the panels they open later) is one chunk, their texts one
 *   file per locale.
 * - Editorial widgets: small, often several on one page. Their texts are one file per locale (a
 *   few hundred bytes); their code stays one chunk each: a page loads only the widgets it shows.
 * - Any other widget: its own chunk and its own text file per locale.
 */
export const SITE_WIDGETS: readonly string[] = [
  'search',
  'sommelier',
  'user-menu',
  'minicart',
  'consent',
  'free-delivery',
]
export const EDITORIAL_WIDGETS: readonly string[] = [
  'quotes',
  'slider',
  'decouvrir',
  'carousel',
  'index',
  'faq',
]

/** The text file (per locale) that holds a widget's texts: `site`, `editorial` or its name. */
export const textBundleOf = (widget: string): string =>
  SITE_WIDGETS.includes(widget) ? 'site' : EDITORIAL_WIDGETS.includes(widget) ? 'editorial' : widget
