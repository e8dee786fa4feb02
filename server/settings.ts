/**
 * The standalone server's settings (main.ts), read from the environment and checked before it
 * listens: a value that is there but wrong (a port that is no number, a URL that is none, a
 * token-cap name with a typo) stops the start with a message naming the variable, instead of a
 * server that starts and fails on the first shopper. A proxy whose variables are all absent is
 * not an error: it is left out, and /readyz says so (config.ts).
 */
import type { Env } from './config'

/**
 * Every variable the server reads, with what it is for: the documentation's and the container
 * file's list (server/deploy.test.ts checks that they name each one).
 */
export const VARIABLES = {
  SITE_URL: "the shop's origin, for the sommelier's session check",
  LLM_BASE_URL: 'OpenAI-compatible API base, up to /chat/completions',
  LLM_API_KEY: "the language model's key",
  LLM_MODEL: 'default gpt-4o',
  LLM_TOKEN_FIELD: 'max_completion_tokens (default) or max_tokens',
  RULES_URL: 'the rules project, up to /evaluate',
  RULES_TOKEN: "the rules service's access token",
  ALGOLIA_APP_ID: 'the search application id',
  ALGOLIA_SEARCH_KEY: 'the search-only key',
  ALGOLIA_HOSTS: "search hosts tried in order, comma-separated (default: Algolia's for the app id)",
  REDIS_URL: 'redis:// or rediss://: limits shared by every instance (memory otherwise)',
  PORT: 'default 8787 (0: a free port, named in the first log line)',
  HOST: 'default 127.0.0.1',
  TRUST_PROXY: "1: the caller's address is the last X-Forwarded-For entry",
  DRAIN_TIMEOUT_MS: 'on SIGTERM, how long open answers may take to finish; default 30000',
} as const

export type Variable = keyof typeof VARIABLES

export interface ServerSettings {
  port: number
  host: string
  trustProxy: boolean
  redisUrl?: string
  drainTimeoutMs: number
  /** ALGOLIA_HOSTS, split. */
  searchHosts?: string[]
}

export type SettingsReading =
  { ok: true; settings: ServerSettings } | { ok: false; errors: string[] }

export const DEFAULT_PORT = 8787
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000

const isUrl = (value: string, protocols: readonly string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const HTTP = ['http:', 'https:']

/** ALGOLIA_HOSTS as a list: comma-separated, blanks dropped. */
export const splitHosts = (value: string): string[] =>
  value
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)

const wholeNumber = (value: string, max: number): number | null =>
  /^\d+$/.test(value) && Number(value) <= max ? Number(value) : null

export function readServerSettings(env: Env): SettingsReading {
  const errors: string[] = []
  const set = (name: Variable): string | undefined => env[name]?.trim() || undefined

  for (const name of ['SITE_URL', 'LLM_BASE_URL', 'RULES_URL'] as const) {
    const value = set(name)
    if (value && !isUrl(value, HTTP)) errors.push(`${name} is not an http(s) URL`)
  }
  const hostsValue = set('ALGOLIA_HOSTS')
  const searchHosts = hostsValue ? splitHosts(hostsValue) : undefined
  if (searchHosts?.some((host) => !isUrl(host, HTTP)))
    errors.push('ALGOLIA_HOSTS is not a comma-separated list of http(s) URLs')
  const tokenField = set('LLM_TOKEN_FIELD')
  if (tokenField && tokenField !== 'max_tokens' && tokenField !== 'max_completion_tokens')
    errors.push('LLM_TOKEN_FIELD is max_completion_tokens or max_tokens')
  // The URL may hold a password: never echoed.
  const redisUrl = set('REDIS_URL')
  if (redisUrl && !isUrl(redisUrl, ['redis:', 'rediss:']))
    errors.push('REDIS_URL is not a redis:// or rediss:// URL')

  const portValue = set('PORT')
  const port = portValue === undefined ? DEFAULT_PORT : wholeNumber(portValue, 65_535)
  if (port === null) errors.push(`PORT is a port number from 0 to 65535, not "${portValue}"`)
  const trust = set('TRUST_PROXY')
  if (trust !== undefined && trust !== '0' && trust !== '1')
    errors.push(`TRUST_PROXY is 1 or 0, not "${trust}"`)
  const drainValue = set('DRAIN_TIMEOUT_MS')
  const drainTimeoutMs =
    drainValue === undefined ? DEFAULT_DRAIN_TIMEOUT_MS : wholeNumber(drainValue, 3_600_000)
  if (drainTimeoutMs === null)
    errors.push(`DRAIN_TIMEOUT_MS is a number of milliseconds up to 3600000, not "${drainValue}"`)

  if (errors.length > 0 || port === null || drainTimeoutMs === null) return { ok: false, errors }
  return {
    ok: true,
    settings: {
      port,
      host: set('HOST') ?? '127.0.0.1',
      trustProxy: trust === '1',
      drainTimeoutMs,
      ...(redisUrl && { redisUrl }),
      ...(searchHosts && { searchHosts }),
    },
  }
}
