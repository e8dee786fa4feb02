/** Types of `site.mjs` for the TypeScript that imports it (vite.config.ts, the dev server test). */
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface HandleOptions {
  /** Rewrites a page before it is sent (the dev server points its scripts at the sources). */
  transformHtml?: (pathname: string, html: string) => Promise<string>
  /** Replaces STATIC (URL prefix → directory), e.g. another library build for `/widgets/`. */
  statics?: ReadonlyArray<readonly [prefix: string, dir: string]>
}

export interface PageOptions {
  /** How the page loads the library: MSW bootstrap (default), the entry alone, the naive build. */
  variant?: 'demo' | 'prod' | 'naive'
  /** naive: the one-file build's stylesheets. */
  naiveCss?: string[]
  /** GA4 analytics on in the config block. */
  analytics?: boolean
}

/** URL prefix → directory it is served from (`/widgets/` → dist/, `/demo/` → dist-demo/…). */
export const STATIC: ReadonlyArray<readonly [prefix: string, dir: string]>

export interface DemoRoute {
  path: string
  page: string
  locale: string
  title: string
}

export function routeWidgets(route: { page: string; siteWidgets?: boolean }): string[]
export function findRoute(pathname: string): DemoRoute | undefined
export function renderRoute(route: DemoRoute, options?: PageOptions): Promise<string>
export function notFoundPage(pathname: string, options?: Omit<PageOptions, 'naiveCss'>): string
export function wantsAnalytics(cookieHeader: string | undefined): boolean
export function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options?: HandleOptions,
): Promise<void>
export function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra?: Record<string, string>,
): void
