import { StrictMode, Suspense, type ComponentType } from 'react'
import type { WidgetComponentProps } from '../src/props/schema'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { getT, loadLocale } from '../src/i18n/i18n'
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

let stopActivity: (() => void) | null = null

function startSharedServices() {
  if (stopActivity) return
  const store = getStore()
  stopActivity = trackActivity(store, () => getBus().emit('user:logged-out', { reason: 'inactivity' }))
}

/** Renders one widget as its own React root with the shared providers and its error boundary. */
export const render: Renderer = async ({ element, definition, props, locale }) => {
  const [module, i18n, t] = await Promise.all([definition.load(), loadLocale(locale), getT(locale)])
  startSharedServices()
  // The runtime parsed `props` through this definition's own schema, so widening is sound.
  const Widget = module.default as ComponentType<WidgetComponentProps<Record<string, unknown>>>
  const root = createRoot(element, {
    onUncaughtError: (error) => console.error(`[wine-widgets] ${definition.name}:`, error),
  })
  const fallback = (error: Error) => (
    <p role="status" className={fallbackStyles.fallback}>
      {error instanceof MissingConfigError ? t('common.unavailable') : t('common.crashed')}
    </p>
  )
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleContext.Provider value={{ locale, i18n }}>
          <ErrorBoundary name={definition.name} fallback={fallback}>
            <Suspense fallback={null}>
              <Widget props={props} locale={locale} element={element} />
            </Suspense>
          </ErrorBoundary>
        </LocaleContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  )
  return { unmount: () => root.unmount() }
}
