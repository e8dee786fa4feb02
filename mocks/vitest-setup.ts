import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { loadPage } from './page'
import { resetDb } from './db'
import { clearCatalogue } from './catalogue'
import { clearFaults } from './faults'
import { server } from './node'
import { handlers } from './handlers'
import { describeViolations, listenForContract } from './contract-listener'
import { CONTRACT_META } from './contract-coverage'

// How long findBy*/waitFor wait before failing (Testing Library's default is 1 s): code loaded
// on demand (the cart's checkout, the search panel) takes longer than that to arrive on a busy
// 2-core machine. A patience, not an assertion on time: a test that passes is as fast as it was.
configure({ asyncUtilTimeout: 3_000 })

// Every call of the run is checked against contract/openapi.yaml (./contract-check.ts).
const contract = listenForContract(server, handlers)
// Before the test file's own code runs (it may say its requests are not to be checked).
contract.startFile()

beforeAll(() => {
  // MSW 3 renamed onUnhandledRequest to onUnhandledFrame: an unmocked request fails the test.
  server.listen({ onUnhandledFrame: 'error' })
  // Tests seed sessionStorage and read it through getStore(): a page prepares the saved-state
  // reader first (prepareStore), tests get the real one in each page (loadPage). The node files
  // share their worker (isolate: false): each file starts from a fresh page and back office
  // whatever the file before it left, so a failure stays in the file that has it.
  freshPage()
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

/**
 * A fresh page over a fresh back office: the previous page's store, bus, query cache, config,
 * CSRF token, session service, payment controller and services are gone (its running work
 * stopped), and the mock server's data, faults and catalogue are the seed's again.
 */
function freshPage(): void {
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
  loadPage()
}

// One hook, so a contract violation (thrown here) never skips the reset that follows: the test's
// calls are checked before the mock server and the page are reset, and the reset always runs.
afterEach(async ({ task }) => {
  try {
    await contract.settle()
    // The file's exercised operations so far, for the run's coverage check (./contract-coverage.ts).
    task.file.meta[CONTRACT_META] = contract.record()
    const violations = contract.take()
    if (violations.length > 0)
      throw new Error(
        `A call broke the contract (contract/openapi.yaml):\n${describeViolations(violations)}`,
      )
  } finally {
    freshPage()
  }
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
