import type { Locale } from '../src/domain/types'
import {
  SCHEMA_IN_PAGE_BASE,
  type AnyWidgetDefinition,
  type PropsSchema,
} from '../src/props/schema'
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

/** A tag whose widget, load mode and locale are valid; its props are read once its schema is there. */
export type NamedTag = Omit<CheckedTag, 'props'>

/**
 * Reads a widget tag's attributes: the widget's name (one of `byName`), `data-load` and the
 * locale. Throws a PropError that names the attribute at fault.
 */
export function checkName(
  el: HTMLElement,
  byName: ReadonlyMap<string, AnyWidgetDefinition>,
  doc: Document,
): NamedTag {
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
  return { definition, locale, lazy: load === 'visible' }
}

/**
 * Whether the tag's schema is in the page base (the library build: build/schema-split.ts)
 * rather than in its definition (tests, the dev server).
 */
export const schemaLater = (tag: NamedTag) => tag.definition.props === SCHEMA_IN_PAGE_BASE

/**
 * Reads the tag's props through `schema` (its definition's, or the page base's for it): the
 * definition the renderer gets carries that schema (its "did you mean" check reads it). Throws
 * a PropError that names the attribute at fault.
 */
export function checkProps(el: HTMLElement, tag: NamedTag, schema: PropsSchema): CheckedTag {
  const props = parseProps(schema, el.dataset)
  const definition = schemaLater(tag) ? { ...tag.definition, props: schema } : tag.definition
  return { ...tag, definition, props }
}
