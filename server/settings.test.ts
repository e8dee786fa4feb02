import { describe, expect, it } from 'vitest'
import { readServerSettings } from './settings'

describe('the standalone server’s settings', () => {
  it('defaults: port 8787 on 127.0.0.1, limits in memory, a 30 s drain', () => {
    expect(readServerSettings({})).toEqual({
      ok: true,
      settings: { port: 8787, host: '127.0.0.1', trustProxy: false, drainTimeoutMs: 30_000 },
    })
  })

  it('reads every setting', () => {
    expect(
      readServerSettings({
        PORT: '0',
        HOST: '0.0.0.0',
        TRUST_PROXY: '1',
        REDIS_URL: 'redis://:secret@redis.internal:6379/0',
        DRAIN_TIMEOUT_MS: '45000',
        ALGOLIA_HOSTS: ' https://search.staging.example , http://127.0.0.1:9200/ ',
      }),
    ).toEqual({
      ok: true,
      settings: {
        port: 0,
        host: '0.0.0.0',
        trustProxy: true,
        redisUrl: 'redis://:secret@redis.internal:6379/0',
        drainTimeoutMs: 45_000,
        searchHosts: ['https://search.staging.example', 'http://127.0.0.1:9200/'],
      },
    })
  })

  it('names each wrong value, and never echoes a Redis URL (it may hold a password)', () => {
    expect(
      readServerSettings({
        SITE_URL: 'shop.example',
        LLM_BASE_URL: 'ftp://llm.example',
        RULES_URL: 'https://rules.example/api/projects/wine',
        ALGOLIA_HOSTS: 'https://ok.example,search.example',
        LLM_TOKEN_FIELD: 'max-tokens',
        REDIS_URL: 'http://:hunter2@redis.example',
        PORT: '70000',
        TRUST_PROXY: 'true',
        DRAIN_TIMEOUT_MS: '30s',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'SITE_URL is not an http(s) URL',
        'LLM_BASE_URL is not an http(s) URL',
        'ALGOLIA_HOSTS is not a comma-separated list of http(s) URLs',
        'LLM_TOKEN_FIELD is max_completion_tokens or max_tokens',
        'REDIS_URL is not a redis:// or rediss:// URL',
        'PORT is a port number from 0 to 65535, not "70000"',
        'TRUST_PROXY is 1 or 0, not "true"',
        'DRAIN_TIMEOUT_MS is a number of milliseconds up to 3600000, not "30s"',
      ],
    })
  })
})
