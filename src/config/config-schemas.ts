/**
 * The config block's sections as valibot schemas, like the saved state's (src/store/saved-state.ts):
 * each section is checked on its own, and its first problem is the one reported, in words that
 * name the key (`"algolia.hosts[1].protocol" must be "http" or "https"`). The core loads them
 * (the config is read before the first React widget renders); never the entry, which reads only
 * `demo` (./config-block.ts).
 */
import * as v from 'valibot'
import { COOKIE_NAME } from '../domain/session-version'
import { isRecord } from '../domain/is-record'
import type { AlgoliaHost, ConfigSection, WidgetsConfig } from './config'

/**
 * A plain object (not an array) with these entries, unknown keys kept: the reader warns about
 * those (config.ts `unknownKeys`). A missing key reads as the key's own problem, not as "must
 * be an object" (valibot would give the object's message).
 */
function record<E extends v.ObjectEntries>(entries: E, notObject: string) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isRecord, notObject),
    v.looseObject(entries, (issue) => {
      const key = issue.path?.[0]?.key
      const entry = typeof key === 'string' ? entries[key] : undefined
      return (entry && v.safeParse(entry, undefined).issues?.[0]?.message) ?? notObject
    }),
  )
}

const NON_EMPTY = 'must be a non-empty string'
const text = v.pipe(
  v.string(NON_EMPTY),
  v.check((s) => s.trim() !== '', NON_EMPTY),
)
// An http(s) address or a same-site path; "//host/…" (another site, whatever the page's scheme)
// and "/\host" (browsers read it as "//host") are refused, like spaces and controls.
const url = v.pipe(
  text,
  v.regex(
    /^(https?:\/\/[^/\\\s]|\/(?![/\\]))[^\s\\]*$/i,
    'must be an http(s) URL or a path starting with a single "/"',
  ),
)

/**
 * `host[:port][/path]`, or `/path` on the page's own site; never `//host` or `/\host` (another
 * site), a scheme (that is `protocol`), user info, a query or a fragment.
 */
const HOST_URL = /^(?:[^\s\\:/?#@]+(?::\d+)?(?:\/[^\s\\?#]*)?|\/(?![/\\])[^\s\\?#]*)$/
const HOST_URL_PROBLEM =
  'must be a host name (optionally with port and path) or a path starting with a single "/"'
const HOSTS_PROBLEM = 'must be a non-empty list of { url, protocol?, accept? }'

const HostSchema: v.GenericSchema<unknown, AlgoliaHost> = record(
  {
    url: v.pipe(v.string(HOST_URL_PROBLEM), v.regex(HOST_URL, HOST_URL_PROBLEM)),
    protocol: v.optional(v.picklist(['http', 'https'], 'must be "http" or "https"')),
    accept: v.optional(
      v.picklist(['read', 'write', 'readWrite'], 'must be "read", "write" or "readWrite"'),
    ),
  },
  'must be an object',
)

type Section<K extends ConfigSection> = NonNullable<WidgetsConfig[K]>

/** Each section's schema: the keys it reads, in the order they are checked. */
const SECTIONS: { [K in ConfigSection]: v.GenericSchema<unknown, Section<K>> } = {
  algolia: record(
    {
      appId: text,
      searchKey: text,
      // Sites that proxy search through their own domain (tried in order).
      hosts: v.optional(v.pipe(v.array(HostSchema, HOSTS_PROBLEM), v.minLength(1, HOSTS_PROBLEM))),
    },
    'must be an object',
  ),
  stripe: record(
    {
      publishableKey: v.pipe(
        text,
        v.startsWith(
          'pk_',
          'must be a publishable key (pk_…); secret keys never belong in the page',
        ),
      ),
    },
    'must be an object',
  ),
  maps: record({ apiKey: text }, 'must be an object'),
  rules: record({ url }, 'must be an object'),
  sommelier: record({ url }, 'must be an object'),
  analytics: record({ ga4: v.boolean('must be true or false') }, 'must be an object'),
  session: record(
    {
      versionCookie: v.pipe(
        text,
        v.regex(COOKIE_NAME, "must be a cookie name (letters, digits and !#$%&'*+-.^_`|~)"),
      ),
    },
    'must be an object',
  ),
}

/** Every key a section reads (for the "unknown key" warnings). */
export const SECTION_KEYS: { [K in ConfigSection]: readonly string[] } = {
  algolia: ['appId', 'searchKey', 'hosts'],
  stripe: ['publishableKey'],
  maps: ['apiKey'],
  rules: ['url'],
  sommelier: ['url'],
  analytics: ['ga4'],
  session: ['versionCookie'],
}

/** `"algolia.hosts[1].protocol"`: where in the block an issue is. */
function locate(name: ConfigSection, issue: v.BaseIssue<unknown>): string {
  const steps = (issue.path ?? []).map((step) =>
    typeof step.key === 'number' ? `[${step.key}]` : `.${String(step.key)}`,
  )
  return `"${name}${steps.join('')}"`
}

/** Section `name` read from `value`, or its first problem (`"maps.apiKey" must be …`). */
export function checkSection<K extends ConfigSection>(
  name: K,
  value: unknown,
): { section: Section<K> } | { problem: string } {
  const schema: v.GenericSchema<unknown, Section<K>> = SECTIONS[name]
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) return { section: result.output }
  const [issue] = result.issues
  return { problem: `${locate(name, issue)} ${issue.message}` }
}
