/** Types of `demo-pages/server.mjs` for the TypeScript tests that start it in-process. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

export interface DemoServerOptions {
  /** `demo`: MSW in the browser (default); `prod`: served as production would. */
  mode?: 'demo' | 'prod'
  /** prod: the mock API (`mocks/server-api.ts`); without it every API call is a 404. */
  api?: { answer(request: Request): Promise<Response | undefined> }
  /** The library build (default `dist/`). */
  dist?: string
  /** prod: the one-file build served under `/naive-widgets/`. */
  naiveDir?: string
}

export const PROD_API: string
export const IMMUTABLE: string
export const SHORT_CACHE: string
export const PAGE_CACHE: string
export function createHandler(
  options?: DemoServerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void>
export function createDemoServer(options?: DemoServerOptions): Server
