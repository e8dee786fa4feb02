import { describe, expect, it } from 'vitest'
import { COOKIE_NAME, sessionStillValid } from './session-version'

describe('the session version rule', () => {
  it('reuses a session only while the cookie holds the value it was confirmed with', () => {
    expect(sessionStillValid('v-1', 'v-1')).toBe(true)
  })

  it('asks again when the site changed the cookie (a login, logout or expiry of its own)', () => {
    expect(sessionStillValid('v-1', 'v-2')).toBe(false)
  })

  it('asks again when the cookie is gone or empty', () => {
    expect(sessionStillValid('v-1', null)).toBe(false)
    expect(sessionStillValid('v-1', '')).toBe(false)
  })

  it('asks when the session was never confirmed with a version (no cookie configured or set)', () => {
    expect(sessionStillValid(null, 'v-1')).toBe(false)
    expect(sessionStillValid(null, null)).toBe(false)
  })

  it('accepts cookie names made of token characters only', () => {
    expect(COOKIE_NAME.test('private_content_version')).toBe(true)
    expect(COOKIE_NAME.test('session-v2')).toBe(true)
    expect(COOKIE_NAME.test('bad name')).toBe(false)
    expect(COOKIE_NAME.test('a=b')).toBe(false)
    expect(COOKIE_NAME.test('semi;colon')).toBe(false)
    expect(COOKIE_NAME.test('')).toBe(false)
  })
})
