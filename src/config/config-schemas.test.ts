import { describe, expect, it } from 'vitest'
import { parseConfig } from './config'

const algolia = { appId: 'APP', searchKey: 'search-only' }

/** The one problem the block `raw` has. */
const problemOf = (raw: unknown) => parseConfig(JSON.stringify(raw)).problems.map((p) => p.message)

describe('the config sections, read with valibot: the problem names the key at fault', () => {
  it.each([
    [{ maps: {} }, '"maps.apiKey" must be a non-empty string'],
    [{ maps: { apiKey: '  ' } }, '"maps.apiKey" must be a non-empty string'],
    [{ maps: { apiKey: 3 } }, '"maps.apiKey" must be a non-empty string'],
    [{ stripe: [] }, '"stripe" must be an object'],
    [{ rules: null }, '"rules" must be an object'],
    [
      { stripe: { publishableKey: 'sk_live_x' } },
      '"stripe.publishableKey" must be a publishable key (pk_…); secret keys never belong in the page',
    ],
    [{ analytics: {} }, '"analytics.ga4" must be true or false'],
    [{ session: { versionCookie: '' } }, '"session.versionCookie" must be a non-empty string'],
    [
      { session: { versionCookie: 'a b' } },
      '"session.versionCookie" must be a cookie name (letters, digits and !#$%&\'*+-.^_`|~)',
    ],
    [
      { algolia: { appId: 'APP', searchKey: '', hosts: [] } },
      '"algolia.searchKey" must be a non-empty string',
    ],
    [
      { algolia: { ...algolia, hosts: [] } },
      '"algolia.hosts" must be a non-empty list of { url, protocol?, accept? }',
    ],
    [{ algolia: { ...algolia, hosts: ['/algolia'] } }, '"algolia.hosts[0]" must be an object'],
    [
      { algolia: { ...algolia, hosts: [{}] } },
      '"algolia.hosts[0].url" must be a host name (optionally with port and path) or a path starting with a single "/"',
    ],
    [
      { algolia: { ...algolia, hosts: [{ url: '/ok' }, { url: 'a.example', protocol: 'ftp' }] } },
      '"algolia.hosts[1].protocol" must be "http" or "https"',
    ],
    [
      { algolia: { ...algolia, hosts: [{ url: '/ok', accept: 'all' }] } },
      '"algolia.hosts[0].accept" must be "read", "write" or "readWrite"',
    ],
  ])('%j: %s', (raw, message) => {
    expect(problemOf(raw)).toEqual([message])
  })

  it('keeps the keys it does not read in the section (the reader warns about them)', () => {
    const { config } = parseConfig(JSON.stringify({ maps: { apiKey: 'k', extra: 1 } }))
    expect(config.maps).toEqual({ apiKey: 'k', extra: 1 })
  })
})
