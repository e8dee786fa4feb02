import { describe, expect, it, vi } from 'vitest'
import { MissingConfigError, parseConfig, readConfig, requireSection } from './config'

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
})
