import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition } from '../src/props/schema'
import { PropError, parseProps } from '../src/props/parse'
import { resolveLocale } from './locale'

const LOAD_MODES = ['eager', 'visible'] as const

/** What a valid tag asks for: the widget, its props and locale, and whether it waits to be seen. */
export interface CheckedTag {
  definition: AnyWidgetDefinition
  props: Record<string, unknown>
  locale: Locale
  lazy: boolean
}

/**
 * Reads a widget tag's attributes: the widget's name (one of `byName`), `data-load`, the locale
 * and the props. Throws a PropError that names the attribute at fault.
 */
export function checkTag(
  el: HTMLElement,
  byName: ReadonlyMap<string, AnyWidgetDefinition>,
  doc: Document,
): CheckedTag {
  const name = el.dataset.widget ?? ''
  const definition = byName.get(name)
  if (!definition)
    throw new PropError(
      'data-widget',
      `unknown widget "${name}" (known: ${[...byName.keys()].join(', ')})`,
    )
  const load = el.dataset.load ?? 'eager'
  if (!(LOAD_MODES as readonly string[]).includes(load))
    throw new PropError('data-load', `data-load="${load}" must be one of: ${LOAD_MODES.join(', ')}`)
  const locale = resolveLocale(el, doc.defaultView?.location.pathname ?? '/')
  const props = parseProps(definition.props, el.dataset)
  return { definition, props, locale, lazy: load === 'visible' }
}
