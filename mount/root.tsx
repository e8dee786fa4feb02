import { StrictMode, Suspense, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { Locale } from '../src/domain/types'
import type { AnyWidgetDefinition, WidgetComponentProps } from '../src/props/schema'
import { loadLocale } from '../src/i18n/i18n'
import { LocaleContext } from '../src/i18n/locale-context'
import { ErrorBoundary } from '../src/ui/ErrorBoundary'
import { MissingConfigError } from '../src/config/config'
import { getStore } from '../src/store/shared-store'
import { trackActivity } from '../src/store/activity'
import { getBus } from '../src/bus/bus'
import type { Renderer } from './runtime'
import fallbackStyles from './fallback.module.css'

/** One QueryClient for every root on the page: a collection or user is fetched once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})

type LoadedWidget = ComponentType<WidgetComponentProps<Record<string, unknown>>>

export interface WidgetTreeProps {
  client: QueryClient
  i18n: I18n
  locale: Locale
  name: string
  Widget: LoadedWidget
  props: Record<string, unknown>
  element: HTMLElement
}

/** The providers and error boundary every widget root renders in (also used by tests). */
export function WidgetTree({
  client,
  i18n,
  locale,
  name,
  Widget,
  props,
  element,
}: WidgetTreeProps) {
  const t = i18n.getFixedT(locale)
  const fallback = (error: Error) => (
    <p role="status" className={fallbackStyles.fallback}>
      {error instanceof MissingConfigError ? t('common.unavailable') : t('common.crashed')}
    </p>
  )
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <LocaleContext.Provider value={{ locale, i18n }}>
          <ErrorBoundary name={name} fallback={fallback}>
            <Suspense fallback={null}>
              <Widget props={props} locale={locale} element={element} />
            </Suspense>
          </ErrorBoundary>
        </LocaleContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  )
}

/** Load a widget's code and its locale's texts in parallel. */
export async function loadWidget(definition: AnyWidgetDefinition, locale: Locale) {
  const [module, i18n] = await Promise.all([
    definition.load(),
    // A widget that does not list its texts gets them all (correct, only heavier).
    loadLocale(locale, definition.texts),
  ])
  // The runtime parses `props` through this definition's own schema, so widening is sound.
  return { Widget: module.default as LoadedWidget, i18n }
}

let stopActivity: (() => void) | null = null

function startSharedServices() {
  if (stopActivity) return
  const store = getStore()
  const expired = () => getBus().emit('user:logged-out', { reason: 'inactivity' })
  stopActivity = trackActivity(store, expired)
  // Expired while the visitor was away: end the server session too, once, after the widgets
  // (and their listeners) have mounted.
  if (store.expiredOnLoad) queueMicrotask(expired)
}

/** Renders one widget as its own React root with the shared providers. */
export const render: Renderer = async ({ element, definition, props, locale }) => {
  const { Widget, i18n } = await loadWidget(definition, locale)
  startSharedServices()
  const root = createRoot(element, {
    onUncaughtError: (error) => console.error(`[wine-widgets] ${definition.name}:`, error),
  })
  root.render(
    <WidgetTree
      client={queryClient}
      i18n={i18n}
      locale={locale}
      name={definition.name}
      Widget={Widget}
      props={props}
      element={element}
    />,
  )
  return { unmount: () => root.unmount() }
}
