/**
 * A same-site path or an http(s) URL; anything else (javascript:, data:, //host) gives "".
 * Backslashes, tabs, line breaks and other control characters are refused too: browsers read
 * `/\host` and `/<tab>/host` as `//host`, another site.
 */
export function safeUrl(value: unknown): string {
  const url = typeof value === 'string' ? value.trim() : ''
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(url)) return ''
  if (/^\/(?!\/)/.test(url)) return url
  if (/^https?:\/\/[^\s]+$/i.test(url)) return url
  return ''
}
