// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { describe, expect, it, vi } from 'vitest'
import {
  CONFIG_ELEMENT_ID,
  MissingConfigError,
  parseConfig,
  readConfig,
  requireSection,
} from './config'

const good = {
  algolia: { appId: 'APP', searchKey: 'search-only' },
  stripe: { publishableKey: 'pk_test_123' },
  maps: { apiKey: 'maps' },
  rules: { url: '/api/rules' },
  sommelier: { url: 'https://shop.example/api/sommelier' },
}

describe('config', () => {
  it('accepts a complete block', () => {
    const { config, problems } = parseConfig(JSON.stringify(good))
    expect(problems).toEqual([])
    expect(config.algolia).toEqual(good.algolia)
    expect(config.demo).toBe(false)
  })

  it('reports a missing block, invalid JSON and a non-object clearly', () => {
    expect(parseConfig(null).problems[0]?.message).toMatch(/no <script id="wine-widgets-config">/)
    expect(parseConfig('{oops').problems[0]?.message).toMatch(/not valid JSON/)
    expect(parseConfig('[1]').problems[0]?.message).toMatch(/must be a JSON object/)
  })

  it('drops only the malformed section; the others stay usable', () => {
    const { config, problems } = parseConfig(
      JSON.stringify({ ...good, algolia: { appId: 'APP' }, rules: { url: 'ftp://x' } }),
    )
    expect(problems.map((p) => p.section)).toEqual(['algolia', 'rules'])
    expect(problems[0]?.message).toBe('"algolia.searchKey" must be a non-empty string')
    expect(config.algolia).toBeUndefined()
    expect(config.stripe).toEqual(good.stripe)
    expect(() => requireSection('algolia', { config, problems })).toThrow(MissingConfigError)
    expect(requireSection('maps', { config, problems })).toEqual(good.maps)
  })

  it.each([
    ['/api/rules', true],
    ['https://shop.example/api/rules', true],
    ['HTTP://shop.example/api/rules', true],
    ['//evil.example/api/rules', false],
    ['/\\evil.example/api/rules', false],
    ['https:///evil.example', false],
    ['ftp://shop.example/api', false],
    ['javascript:alert(1)', false],
    ['api/rules', false],
    ['/api/ru les', false],
  ])('rules.url and sommelier.url: %s accepted: %s', (url, accepted) => {
    const { config, problems } = parseConfig(JSON.stringify({ rules: { url }, sommelier: { url } }))
    expect(config.rules?.url).toBe(accepted ? url : undefined)
    expect(config.sommelier?.url).toBe(accepted ? url : undefined)
    if (!accepted)
      expect(problems.map((p) => p.message)).toEqual([
        '"rules.url" must be an http(s) URL or a path starting with a single "/"',
        '"sommelier.url" must be an http(s) URL or a path starting with a single "/"',
      ])
  })

  it('analytics is off by default; analytics.ga4 takes true or false', () => {
    expect(parseConfig(JSON.stringify(good)).config.analytics).toBeUndefined()
    for (const ga4 of [true, false]) {
      const { config, problems } = parseConfig(JSON.stringify({ analytics: { ga4 } }))
      expect(problems).toEqual([])
      expect(config.analytics).toEqual({ ga4 })
    }
  })

  it.each([{ ga4: 'yes' }, { ga4: 1 }, {}, { ga4: null }])(
    'refuses analytics %j with a clear message and keeps the rest',
    (analytics) => {
      const { config, problems } = parseConfig(JSON.stringify({ ...good, analytics }))
      expect(problems).toEqual([
        { section: 'analytics', message: '"analytics.ga4" must be true or false' },
      ])
      expect(config.analytics).toBeUndefined()
      expect(config.algolia).toEqual(good.algolia)
    },
  )

  it('refuses analytics that is not an object', () => {
    expect(parseConfig(JSON.stringify({ analytics: true })).problems).toEqual([
      { section: 'analytics', message: '"analytics" must be an object' },
    ])
  })

  it('reads the session version cookie a site names', () => {
    const { config, problems } = parseConfig(
      JSON.stringify({ session: { versionCookie: 'private_content_version' } }),
    )
    expect(problems).toEqual([])
    expect(config.session).toEqual({ versionCookie: 'private_content_version' })
  })

  it.each(['a b', 'a=b', 'x;y', ''])(
    'refuses a session version cookie named %j, with a clear message',
    (versionCookie) => {
      const { config, problems } = parseConfig(
        JSON.stringify({ ...good, session: { versionCookie } }),
      )
      expect(problems).toHaveLength(1)
      expect(problems[0]?.section).toBe('session')
      expect(problems[0]?.message).toMatch(/"session\.versionCookie" must be/)
      expect(config.session).toBeUndefined()
      expect(config.algolia).toEqual(good.algolia)
    },
  )

  it('refuses a secret Stripe key in the page', () => {
    const { problems } = parseConfig(JSON.stringify({ stripe: { publishableKey: 'sk_live_x' } }))
    expect(problems[0]?.message).toMatch(/publishable key/)
  })

  it('reads the block from the page once and logs each problem once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    document.body.innerHTML =
      '<script type="application/json" id="wine-widgets-config">{"demo": true, "maps": {}}</script>'
    expect(readConfig().config.demo).toBe(true)
    readConfig()
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0]?.[0]).toMatch(/"maps" must be|maps.apiKey/)
  })

  it('accepts algolia.hosts for sites that proxy search through their own domain', () => {
    const hosts = [
      { url: '/algolia' },
      { url: 'search.shop.example', protocol: 'https', accept: 'read' },
      { url: 'www.shop.example:8443/algolia/', protocol: 'http', accept: 'readWrite' },
    ]
    const { config, problems } = parseConfig(
      JSON.stringify({ algolia: { ...good.algolia, hosts } }),
    )
    expect(problems).toEqual([])
    expect(config.algolia?.hosts).toEqual(hosts)
  })

  it.each([
    [[], '"algolia.hosts" must be a non-empty list of { url, protocol?, accept? }'],
    ['/algolia', '"algolia.hosts" must be a non-empty list of { url, protocol?, accept? }'],
    [['/algolia'], '"algolia.hosts[0]" must be an object'],
    [[{ url: 'https://search.example' }], 'url'],
    [[{ url: '//evil.example/algolia' }], 'url'],
    [[{ url: '/\\evil.example' }], 'url'],
    [[{ url: 'user@evil.example' }], 'url'],
    [[{ url: 'search.example?x=1' }], 'url'],
    [[{ url: 'search example' }], 'url'],
    [[{ url: '' }], 'url'],
    [[{ url: '/ok' }, { url: 'a.example', protocol: 'ftp' }], '"algolia.hosts[1].protocol"'],
    [[{ url: '/ok', accept: 'all' }], '"algolia.hosts[0].accept"'],
  ])('refuses algolia.hosts %j', (hosts, message) => {
    const { config, problems } = parseConfig(
      JSON.stringify({ algolia: { ...good.algolia, hosts } }),
    )
    expect(config.algolia).toBeUndefined()
    expect(problems).toHaveLength(1)
    expect(problems[0]?.message).toContain(
      message === 'url' ? '.url" must be a host name' : message,
    )
  })
})

describe('keys the library does not read', () => {
  const good = { algolia: { appId: 'A', searchKey: 'k' }, stripe: { publishableKey: 'pk_x' } }

  it('are warnings naming the nearest known key, the config still read', () => {
    const { config, problems, warnings } = parseConfig(
      JSON.stringify({
        ...good,
        algola: { appId: 'A' },
        stripe: { publishableKey: 'pk_x', extra: 1, publishablekey: 'pk_y' },
      }),
    )
    expect(problems).toEqual([])
    expect(config.stripe).toEqual({ publishableKey: 'pk_x', extra: 1, publishablekey: 'pk_y' })
    expect(warnings).toEqual([
      'unknown key "algola" is ignored; did you mean "algolia"?',
      'unknown key "stripe.extra" is ignored (known here: publishableKey)',
      'unknown key "stripe.publishablekey" is ignored; did you mean "stripe.publishableKey"?',
    ])
  })

  it('none for a config of known keys only (hosts, demo, analytics included)', () => {
    const { warnings } = parseConfig(
      JSON.stringify({
        ...good,
        demo: true,
        algolia: { ...good.algolia, hosts: [{ url: '/algolia' }] },
        analytics: { ga4: true },
      }),
    )
    expect(warnings).toBeUndefined()
  })

  it('each gives one console warning, shown at the top of the page on demo pages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    document.head.innerHTML = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">{"demo": true, "algola": {}}</script>`
    document.body.innerHTML = '<main>page</main>'
    readConfig()
    readConfig() // read once per page: warned once
    const line = 'Config: unknown key "algola" is ignored; did you mean "algolia"?'
    expect(warn.mock.calls).toEqual([[`[wine-widgets] ${line}`]])
    expect(document.body.firstElementChild).toHaveTextContent(line)
    expect(document.body.firstElementChild).toHaveAttribute('role', 'note')
    document.head.replaceChildren()
  })
})
