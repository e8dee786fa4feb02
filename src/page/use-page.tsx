/** A widget root's page (src/page/page-context.ts), given to its components through React. */
import { createContext, useContext, type ReactNode } from 'react'
import { currentPage, type PageContext } from './page-context'

const PageReact = createContext<PageContext | null>(null)

/** Gives a widget root its page (WidgetTree). */
export function PageProvider({ page, children }: { page: PageContext; children: ReactNode }) {
  return <PageReact.Provider value={page}>{children}</PageReact.Provider>
}

/** The page this component was rendered in (the current page outside a widget root). */
export function usePage(): PageContext {
  return useContext(PageReact) ?? currentPage()
}
