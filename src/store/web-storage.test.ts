// @vitest-environment jsdom -- needs a window with storages
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localStore, readJson, sessionStore } from './web-storage'

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

describe('readJson: stored JSON text read back', () => {
  it.each<[string, unknown]>([
    ['["a","b"]', ['a', 'b']],
    ['{"x":1}', { x: 1 }],
    ['null', null],
    ['3', 3],
    ['{"half":', undefined],
    ['', undefined],
    ['undefined', undefined],
  ])('%j → %j', (text, value) => {
    expect(readJson(text)).toEqual(value)
  })
})
