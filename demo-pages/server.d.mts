/** Types of `demo-pages/server.mjs` for the TypeScript tests that start it in-process. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Http2SecureServer } from 'node:http2'

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
/** Brotli and gzip levels: `kept` for files compressed once, `onTheFly` for generated answers. */
export const COMPRESSION: {
  kept: { br: number; gzip: number }
  onTheFly: { br: number; gzip: number }
}
export const IMMUTABLE: string
export const SHORT_CACHE: string
export const PAGE_CACHE: string
export function createHandler(
  options?: DemoServerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void>
/** A key and certificate (PEM) for `createDemoServer`'s HTTPS mode. */
export interface TlsFiles {
  key: Buffer
  cert: Buffer
}
/** A self-signed certificate for 127.0.0.1 and localhost, made now by openssl. */
export function selfSignedCertificate(): TlsFiles
/** With `tls`: HTTPS with HTTP/2 (HTTP/1.1 still answered). */
export function createDemoServer(options: DemoServerOptions & { tls: TlsFiles }): Http2SecureServer
export function createDemoServer(options?: DemoServerOptions): Server
