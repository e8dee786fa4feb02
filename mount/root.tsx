import {
  StrictMode,
  Suspense,
  useCallback,
  useLayoutEffect,
  useSyncExternalStore,
  type ComponentType,
} from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition, WidgetComponentProps } from '../src/props/schema'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { loadNamespaces, loadTextFile, onTextFailure, textFailure } from '../src/i18n/i18n'
import { namespacesOf } from '../src/i18n/text-files'
import { LocaleContext } from '../src/i18n/locale-context'
import { ErrorBoundary } from '../src/ui/ErrorBoundary'
import { MissingConfigError } from '../src/config/config'
import { getPageQueryClient } from '../src/api/query-client'
import { currentPage, type PageContext } from '../src/page/page-context'
import { PageProvider } from '../src/page/use-page'
import type { Renderer } from './runtime'
import { FALLBACK_ATTRIBUTE, loadCodeAndTexts } from './widget-code'
import { textBundleOf } from './bundles'
import {
  NO_PLACED_WIDGETS,
  PlacedWidgetsContext,
  type PlacedWidgets,
} from '../src/ui/widget-tag/WidgetTag'
import { reportError } from '../src/report/report'
import { checkAttributes } from '../src/props/tag-hints'
// Before any widget's styles: the host-proof baseline and the theme's properties (docs/theming.md), in
// the page base chunk's stylesheet (also mount/dom-root.ts).
import './baseline.css'

type LoadedWidget = ComponentType<WidgetComponentProps<Record<string, unknown>>>

export interface WidgetTreeProps {
  /** The page the root belongs to (its store, bus, services): the current page by default. */
  page?: PageContext
  client: QueryClient
  /** The page's i18next instance for `locale` (src/i18n/i18n.ts `i18nFor`). */
  i18n: I18n
  locale: Locale
  name: string
  Widget: LoadedWidget
  props: Record<string, unknown>
  element: HTMLElement
  /** Called once the root's first render is committed to the page. */
  onCommit?: () => void
  /** The runtime's answer about other widgets (src/ui/widget-tag); none in a bare test. */
  widgets?: PlacedWidgets
}

/** Tells when React has committed the root's first render (its layout effect runs then). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(() => onCommit(), [onCommit])
  return null
}

/**
 * Throws to the root's error boundary a text read of the widget's namespaces that failed after
 * the root rendered (one its components suspended on): react-i18next would render the keys.
 */
function TextsLoaded({ page, name }: { page: PageContext; name: string }) {
  const subscribe = useCallback((changed: () => void) => onTextFailure(changed, page), [page])
  const failure = useSyncExternalStore(subscribe, () =>
    textFailure(namespacesOf(textBundleOf(name)), page),
  )
  if (failure) throw failure
  return null
}

/** The providers and error boundary every widget root renders in (also used by tests). */
export function WidgetTree({
  page = currentPage(),
  client,
  i18n,
  locale,
  name,
  Widget,
  props,
  element,
  onCommit,
  widgets,
}: WidgetTreeProps) {
  // A widget that crashes has still rendered: its fallback's commit resolves `render()` too, so
  // `WineWidgets.ready()` never waits on a broken widget.
  const fallback = (error: Error) => (
    <>
      <p role="status" {...{ [FALLBACK_ATTRIBUTE]: '' }}>
        {error instanceof MissingConfigError
          ? i18n.t('common.unavailable')
          : i18n.t('common.crashed')}
      </p>
      {onCommit && <Committed onCommit={onCommit} />}
    </>
  )
  return (
    <StrictMode>
      <PageProvider page={page}>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <LocaleContext.Provider value={locale}>
              <PlacedWidgetsContext.Provider value={widgets ?? NO_PLACED_WIDGETS}>
                <ErrorBoundary name={name} fallback={fallback}>
                  <Suspense fallback={null}>
                    <TextsLoaded page={page} name={name} />
                    <Widget props={props} locale={locale} element={element} />
                    {/* Inside the boundary: fires when the widget's content commits, not a fallback. */}
                    {onCommit && <Committed onCommit={onCommit} />}
                  </Suspense>
                </ErrorBoundary>
              </PlacedWidgetsContext.Provider>
            </LocaleContext.Provider>
          </I18nextProvider>
        </QueryClientProvider>
      </PageProvider>
    </StrictMode>
  )
}

/** Loads texts through the page's i18next instance (src/i18n/i18n.ts). */
const i18nTexts = {
  file: (locale: Locale, file: string) => loadTextFile(locale, file),
  all: (locale: Locale) => loadNamespaces(locale),
}

/** Load a widget's component and its texts in parallel (./widget-code). */
export async function loadWidget(definition: AnyWidgetDefinition, locale: Locale) {
  const { module, texts } = await loadCodeAndTexts(definition, locale, i18nTexts)
  // The runtime parses `props` through this definition's own schema, so widening is sound.
  return { Widget: module.default as LoadedWidget, i18n: texts }
}

/** Renders one widget as its own React root with the shared providers. */
export const render: Renderer = async ({ element, definition, props, locale, widgets }) => {
  // A misspelt attribute the runtime let through (it is not required): a "did you mean" warning.
  checkAttributes(element, definition)
  const { Widget, i18n } = await loadWidget(definition, locale)
  const root = createRoot(element, {
    // An error that escaped the widget's own boundary (the boundary or a provider failed).
    onUncaughtError: (error) =>
      reportError({
        widget: definition.name,
        area: 'widget',
        message: `${definition.name}: uncaught error`,
        error,
      }),
  })
  // The runtime marks the tag mounted (and `WineWidgets.ready()` resolves) once React has
  // committed the root's first render, not when it was merely asked to render.
  // One page for every root: one store, bus and QueryClient (a collection is fetched once; the
  // cache is dropped on logout and on the inactivity clean-up).
  const page = currentPage()
  const committed = new Promise<void>((resolve) => {
    root.render(
      <WidgetTree
        page={page}
        client={getPageQueryClient()}
        i18n={i18n}
        locale={locale}
        name={definition.name}
        Widget={Widget}
        props={props}
        element={element}
        onCommit={resolve}
        widgets={widgets}
      />,
    )
  })
  await committed
  return { unmount: () => root.unmount() }
}
