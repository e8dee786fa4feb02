import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { loadPage } from './page'
import { resetDb } from './db'
import { clearCatalogue } from './catalogue'
import { clearFaults } from './faults'
import { server } from './node'
import { handlers } from './handlers'
import { describeViolations, listenForContract } from './contract-listener'
import { CONTRACT_META } from './contract-coverage'

// Every call of the run is checked against contract/openapi.yaml (./contract-check.ts).
const contract = listenForContract(server, handlers)
// Before the test file's own code runs (it may say its requests are not to be checked).
contract.startFile()

beforeAll(() => {
  // Tests seed sessionStorage and read it through getStore(): a page prepares the saved-state
  // reader first (prepareStore), tests get the real one in each page (loadPage).
  loadPage()
  // MSW 3 renamed onUnhandledRequest to onUnhandledFrame: an unmocked request fails the test.
  server.listen({ onUnhandledFrame: 'error' })
})

// Component tests get the demo's fakes the way test pages do (src/services/overrides.ts). This runs
// before each test file's own beforeEach, which may replace or delete them.
beforeEach(() => {
  if (typeof window === 'undefined') return
  window.wineWidgetsServices = {
    payments: () => import('./fake-stripe').then((m) => m.createFakeStripe()),
    places: (locale) => import('./fake-places').then((m) => m.createFakePlaces(locale)),
  }
})
afterEach(() => {
  // A 3-D Secure dialog a test left open lives outside the React roots that cleanup() removes.
  if (typeof document !== 'undefined')
    document.querySelectorAll('[data-fake-stripe="three-d-secure"]').forEach((n) => n.remove())
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
  clearCatalogue()
  // Test files may opt into the node environment (no DOM storage or cookies there).
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear()
  if (typeof localStorage !== 'undefined') localStorage.clear()
  if (typeof document !== 'undefined') clearCookies()
  // A fresh page: the previous one's store, bus, query cache, config, CSRF token, session
  // service, payment controller and services are gone (its running work stopped).
  loadPage()
})

// Registered last, so it runs first among the after-each hooks: the test's calls are checked
// before the mock server and the page are reset.
afterEach(async ({ task }) => {
  await contract.settle()
  // The file's exercised operations so far, for the run's coverage check (./contract-coverage.ts).
  task.file.meta[CONTRACT_META] = contract.record()
  const violations = contract.take()
  if (violations.length > 0)
    throw new Error(
      `A call broke the contract (contract/openapi.yaml):\n${describeViolations(violations)}`,
    )
})

afterAll(async () => {
  await contract.settle()
  const late = contract.take()
  server.close()
  if (late.length > 0)
    throw new Error(
      `A call broke the contract (contract/openapi.yaml):\n${describeViolations(late)}`,
    )
})
