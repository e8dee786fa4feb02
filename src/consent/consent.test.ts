import { describe, expect, it } from 'vitest'
import { CONSENT_EVENT, consentDetail, isConsentValue } from './consent'

describe('consent state', () => {
  it.each([
    ['allow', true],
    // Written by the former single OK: those visitors answered and are not asked again.
    ['dismiss', true],
    ['deny', false],
    [undefined, false],
    ['', false],
    ['yes', false],
  ] as const)('the cookie value %s means consent: %s', (value, yes) => {
    expect(isConsentValue(value)).toBe(yes)
  })

  it('reads the analytics answer of a consent event, and nothing else', () => {
    expect(consentDetail(new CustomEvent(CONSENT_EVENT, { detail: { analytics: true } }))).toEqual({
      analytics: true,
    })
    expect(consentDetail(new CustomEvent(CONSENT_EVENT, { detail: { analytics: false } }))).toEqual(
      { analytics: false },
    )
    expect(consentDetail(new CustomEvent(CONSENT_EVENT, { detail: { analytics: 'yes' } }))).toBe(
      null,
    )
    expect(consentDetail(new CustomEvent(CONSENT_EVENT))).toBe(null)
    expect(consentDetail(new Event(CONSENT_EVENT))).toBe(null)
  })
})
