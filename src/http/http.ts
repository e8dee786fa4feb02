/**
 * Fetch wrapper for the site's own endpoints: JSON in and out, form data where the spec says
 * form data. Every failure (non-OK status, network error, unreadable body) raises an HttpError
 * whose message is "Error fetching data" (spec section 8) and which carries the status
 * (0 when there was no response).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super('Error fetching data', options)
    this.name = 'HttpError'
  }
}

export type Body =
  { json: unknown } | { form: Record<string, string | number | boolean> } | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST'
  body?: Body
  headers?: Record<string, string>
  signal?: AbortSignal
  /** How to read the answer. @default 'json' */
  parse?: 'json' | 'text' | 'none'
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body && 'json' in options.body) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body.json)
  } else if (options.body && 'form' in options.body) {
    const form = new FormData()
    for (const [k, v] of Object.entries(options.body.form)) form.append(k, String(v))
    body = form
  }
  let response: Response
  try {
    response = await fetch(url, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new HttpError(0, url, { cause })
  }
  if (!response.ok) throw new HttpError(response.status, url)
  const parse = options.parse ?? 'json'
  if (parse === 'none') return undefined as T
  try {
    const text = await response.text()
    return (parse === 'text' ? text : JSON.parse(text)) as T
  } catch (cause) {
    throw new HttpError(response.status, url, { cause })
  }
}

export const getJson = <T>(url: string, signal?: AbortSignal) => request<T>(url, { signal })

export const postJson = <T>(url: string, json: unknown, signal?: AbortSignal) =>
  request<T>(url, { method: 'POST', body: { json }, signal })

export const postForm = <T>(
  url: string,
  form: Record<string, string | number | boolean>,
  signal?: AbortSignal,
) => request<T>(url, { method: 'POST', body: { form }, signal })
