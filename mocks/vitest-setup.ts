import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetConfigForTests } from '../src/config/config'
import { resetCsrfForTests } from '../src/http/csrf'
import { resetStoreForTests } from '../src/store/shared-store'
import { resetSessionForTests } from '../src/session/session'
import { resetDb } from './db'
import { clearFaults } from './faults'
import { server } from './node'

beforeAll(() => {
  // MSW 3 renamed onUnhandledRequest to onUnhandledFrame: an unmocked request fails the test.
  server.listen({ onUnhandledFrame: 'error' })
})

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim()
    if (!name) continue
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
}

afterEach(() => {
  // Unmount first, so no widget reacts to the state being reset underneath it.
  cleanup()
  server.resetHandlers()
  resetDb()
  clearFaults()
  // Test files may opt into the node environment (no DOM storage or cookies there).
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear()
  if (typeof localStorage !== 'undefined') localStorage.clear()
  if (typeof document !== 'undefined') clearCookies()
  resetStoreForTests()
  resetSessionForTests()
  resetCsrfForTests()
  resetConfigForTests()
})

afterAll(() => {
  server.close()
})
