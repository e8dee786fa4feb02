// @vitest-environment jsdom -- needs a window with storages
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localStore, sessionStore } from './web-storage'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('localStore / sessionStore: the browser storages, or null', () => {
  it('gives the window storages', () => {
    expect(localStore()).toBe(window.localStorage)
    expect(sessionStore()).toBe(window.sessionStorage)
  })

  it.each(['localStorage', 'sessionStorage'] as const)(
    'gives null where reading window.%s throws (storage refused)',
    (name) => {
      vi.spyOn(window, name, 'get').mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      })
      expect(name === 'localStorage' ? localStore() : sessionStore()).toBeNull()
    },
  )
})
