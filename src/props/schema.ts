import type { ComponentType } from 'react'
import type { LocaleTexts } from '../i18n/text-files'
import type { QueryClient } from '@tanstack/query-core'
import type { Locale } from '../domain/types'

/**
 * The attribute schema of a widget: each prop is read from one `data-*` attribute.
 * The prop name is camelCase (`odooCode`), its attribute the kebab-case form
 * (`data-odoo-code`), exactly as `element.dataset` maps them. Every attribute name is defined
 * once, here, in the widget's `props.ts`. What an attribute means for an editor is documentation,
 * not code: it lives in the widget's `docs.json` (see `mount/catalogue.ts`), so none of it is in
 * the bundle.
 */
export type PropSpec =
  | { type: 'string'; required?: boolean; default?: string; pattern?: RegExp }
  | {
      type: 'number'
      required?: boolean
      default?: number
      min?: number
      max?: number
      integer?: boolean
    }
  | { type: 'boolean'; default?: boolean }
  | { type: 'enum'; values: readonly string[]; required?: boolean; default?: string }
  | {
      type: 'json'
      required?: boolean
      default?: unknown
      validate?: (v: unknown) => string | null
    }

export type PropsSchema = Record<string, PropSpec>

type ValueOf<S extends PropSpec> = S extends { type: 'string' }
  ? string
  : S extends { type: 'number' }
    ? number
    : S extends { type: 'boolean' }
      ? boolean
      : S extends { type: 'enum'; values: readonly (infer V)[] }
        ? V
        : unknown

type IsOptional<S extends PropSpec> = S extends { type: 'boolean' }
  ? false
  : S extends { default: unknown }
    ? false
    : S extends { required: true }
      ? false
      : true

/** The parsed props a widget component receives. */
export type PropsOf<S extends PropsSchema> = {
  [K in keyof S as IsOptional<S[K]> extends true ? never : K]: ValueOf<S[K]>
} & {
  [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: ValueOf<S[K]>
}

/** What every widget component receives from the mount runtime. */
export interface WidgetComponentProps<P = PropsOf<NoAttributes>> {
  props: P
  locale: Locale
  /** The host element (for widgets that read server-rendered content inside it). */
  element: HTMLElement
}

/** What a widget drawn without React receives (see `defineDomWidget`). */
export interface DomWidgetArgs<P> extends WidgetComponentProps<P> {
  /**
   * Its texts in its locale, as the locale files hold them: `textsFor('quotes').label`. No
   * i18next: a page whose widgets are all drawn without React loads none (the quotes-only page),
   * so a text here has no placeholder and no plural. Name the namespace here, as a literal: the
   * build reads it from the code to put the texts in the widget's text file; list the keys read
   * in i18next.config.ts (the key check cannot see them).
   */
  textsFor: <N extends keyof LocaleTexts>(namespace: N) => LocaleTexts[N]
  /** The page's React Query cache (React Query's core): reads shared with the React widgets. */
  client: QueryClient
}

/** A widget drawn without React: it draws into `element` and says how to take it down. */
export type DomWidget<P> = (args: DomWidgetArgs<P>) => { unmount(): void }

export interface WidgetDefinition<S extends PropsSchema = PropsSchema> {
  /** The value of `data-widget`. */
  name: string
  /** Its attributes (`{}` for a widget that has none). */
  props: S
  /** The widget's code, loaded only when its tag is on the page. */
  load: () => Promise<{ default: ComponentType<WidgetComponentProps<PropsOf<S>>> }>
  /**
   * The widgets whose tags this one places (`WidgetTag`, e.g. the sliders of an index): the entry
   * loads their code with this widget's, not after this one has rendered its tags.
   */
  places?: readonly string[]
  /**
   * The site API GET URLs the widget asks for at its first render (same URL, same headers): the
   * entry preloads them with the widget's code when it finds the tag, instead of after the code
   * has loaded and rendered. Only for reads whose answer the page shows at once (e.g. the
   * slider's collection, which holds the page's largest image). A promise, so the code that
   * builds the URLs loads on demand (a tiny chunk, beside the widget's) rather than in the entry.
   */
  prefetch?: (tag: PrefetchTag<PropsOf<S>>) => Promise<readonly string[]>
}

/** What `prefetch` knows of a tag: its parsed props, its locale and the page it is on. */
export interface PrefetchTag<P> {
  props: P
  locale: Locale
  page: ParentNode
}

/**
 * A definition as the registry holds it, whatever its props. A component's type is
 * contravariant in its props, so the list cannot name one props type; it keeps the loaded module
 * opaque and the runtime, having parsed the props through the definition's own schema, narrows it.
 */
export type AnyWidgetDefinition = Omit<WidgetDefinition, 'load' | 'prefetch'> & {
  /** Drawn without React (`defineDomWidget`): the runtime loads no React for it. */
  dom?: boolean
  load: () => Promise<{ default: unknown }>
  // Method syntax on purpose: its parameter is compared bivariantly, so a definition whose
  // prefetch reads its own props type fits the list; the runtime passes the props it parsed
  // through that definition's schema.
  prefetch?(tag: PrefetchTag<Record<string, unknown>>): Promise<readonly string[]>
}

/** The schema of a widget without attributes. */
type NoAttributes = Record<string, never>

/**
 * The attribute schema of a widget in the library build: the entry holds only the names and the
 * load functions, so `build/schema-split.ts` gives each `widgets/<name>/index.ts` this stand-in
 * for its `props.ts`, and the runtime reads the real schema from the page base
 * (`mount/schemas.ts`). Tests, the dev server and the catalogue import the real schemas.
 */
export const SCHEMA_IN_PAGE_BASE: PropsSchema = Object.freeze({})

/** What a widget's module says of it besides its name: `defineWidget(name, parts)`. */
type WidgetParts<D extends { props: PropsSchema }> = Omit<D, 'name' | 'props' | 'dom'> & {
  /** Its attributes (its `props.ts`); leave out for a widget that has none. */
  props?: D['props']
}

/**
 * Defines the widget of the tag `data-widget="name"`, as `customElements.define` names an element:
 * `defineWidget('bundle', { props, load: () => import('./Bundle') })`. Keeps the schema's literal
 * types for `PropsOf`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineWidget<const S extends PropsSchema = NoAttributes>(
  name: string,
  parts: WidgetParts<WidgetDefinition<S>>,
): WidgetDefinition<S> {
  // Without `props` the schema is the default `NoAttributes`, which `{}` is.
  return { ...parts, name, props: parts.props ?? ({} as S) }
}

/**
 * A widget drawn without React: its module's default export is a `DomWidget`. For a widget
 * simple enough to need no React (quotes), so a page that shows only it does not download React
 * (the bench's quotes-only page). It gets its texts and the page's QueryClient; it starts no page
 * services (session, inactivity), which only React widgets use.
 */
export interface DomWidgetDefinition<S extends PropsSchema = PropsSchema> extends Omit<
  WidgetDefinition<S>,
  'load'
> {
  dom: true
  load: () => Promise<{ default: DomWidget<PropsOf<S>> }>
}

/** `defineWidget` for a widget drawn without React. */
/* @__NO_SIDE_EFFECTS__ */
export function defineDomWidget<const S extends PropsSchema = NoAttributes>(
  name: string,
  parts: WidgetParts<DomWidgetDefinition<S>>,
): DomWidgetDefinition<S> {
  // Without `props` the schema is the default `NoAttributes`, which `{}` is.
  return { ...parts, name, props: parts.props ?? ({} as S), dom: true }
}
