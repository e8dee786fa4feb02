/**
 * Wires the contract check (./contract-check.ts) to the mock server of the unit run: every request
 * to a path of the contract is checked when it starts, every answer of the shared handlers when it
 * is mocked. `mocks/vitest-setup.ts` fails the test during which a violation happened, and records
 * which operations the test file exercised (the run's coverage, see ./contract-coverage.ts).
 */
import { expect } from 'vitest'
import type { SetupServer } from 'msw/node'
import type { RequestHandler } from 'msw'
import type { ContractCheck, ContractRecord, Route, Violation } from './contract-check'
import { PENDING_DRIFT } from './contract-pending'
import { faultedRequests } from './route'
import contractText from '../contract/openapi.yaml?raw'

/** Why this test file's requests are not checked (see `probingTheMockServer`), or null. */
let requestsUnchecked: string | null = null

/**
 * For a test file whose subject is the mock server itself: it sends incomplete or wrong requests
 * on purpose (no CSRF token, no body, another date format) to see how the mocks answer. Its
 * requests are not the widgets' and are not checked; the mocks' answers to them still are.
 */
export function probingTheMockServer(reason: string): void {
  requestsUnchecked = reason
}

// Taken when the module loads: a test that leaves fake timers on must not stop the wait.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout

const isPending = (v: Pick<Violation, 'operation' | 'part'>) =>
  PENDING_DRIFT.some((d) => d.operation === v.operation && v.part.startsWith(d.part))

export type ContractListener = ReturnType<typeof createListener>

/**
 * One listener per mock server. The node project runs its test files without isolation: this
 * setup runs again for each file against the same server, and a second listener would check
 * every answer again (and consume the first's record of faulted requests).
 */
const listeners = new WeakMap<SetupServer, ContractListener>()

export function listenForContract(
  server: SetupServer,
  sharedHandlers: readonly RequestHandler[],
): ContractListener {
  let listener = listeners.get(server)
  if (!listener) {
    listener = createListener(server, sharedHandlers)
    listeners.set(server, listener)
  }
  return listener
}

function createListener(server: SetupServer, sharedHandlers: readonly RequestHandler[]) {
  // Loaded on the first call: a test file that makes none pays nothing (Ajv, the YAML).
  let loading: Promise<ContractCheck> | null = null
  const contract = () =>
    (loading ??= import('./contract-check').then((m) => new m.ContractCheck(contractText)))
  const routes = new Map<string, Promise<Route | null>>()
  const shared = new Set<string>()
  const violations: Violation[] = []
  const pending = new Set<Promise<void>>()
  const covered = new Set<string>()
  const pendingSeen = new Set<string>()

  const record = (route: Route, part: string, problems: string[], test: string | undefined) => {
    if (problems.length === 0 || (part === 'request' && requestsUnchecked)) return
    const violation = { operation: route.key, part, problems, test }
    if (isPending(violation)) pendingSeen.add(`${violation.operation} ${violation.part}`)
    else violations.push(violation)
  }
  /** Runs a check in the background; `settle` waits for it. */
  const track = (
    route: Promise<Route | null>,
    part: (route: Route) => string,
    run: (check: ContractCheck, route: Route) => Promise<string[]>,
  ) => {
    const test = expect.getState().currentTestName
    const work = Promise.all([contract(), route]).then(async ([check, found]) => {
      if (!found) return
      const problems = await run(check, found).catch((e: unknown) => [`unreadable: ${String(e)}`])
      record(found, part(found), problems, test)
    })
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }

  server.events.on('request:start', ({ request, requestId }) => {
    // Copied now: the handler reads the body before the check runs.
    const copy = request.clone()
    const route = contract().then((check) => {
      const found = check.route(copy.method, new URL(copy.url))
      if (found) covered.add(found.key)
      return found
    })
    routes.set(requestId, route)
    track(
      route,
      () => 'request',
      (check, found) => check.checkRequest(found, copy),
    )
  })
  server.events.on('request:match', ({ requestId, handler }) => {
    if (sharedHandlers.includes(handler)) shared.add(requestId)
  })
  server.events.on('response:mocked', ({ response, requestId }) => {
    const route = routes.get(requestId)
    const fromSharedMocks = shared.has(requestId) && !faultedRequests.has(requestId)
    routes.delete(requestId)
    shared.delete(requestId)
    faultedRequests.delete(requestId)
    if (!route || !fromSharedMocks) return
    // A stream is not copied: an unread copy would keep it from being cancelled.
    const stream = response.headers.get('content-type')?.includes('text/event-stream')
    const copy = stream ? response : response.clone()
    track(
      route,
      () => `answer ${copy.status}`,
      (check, found) => check.checkResponse(found, copy),
    )
  })

  return {
    /** Waits (at most `ms`) for the checks under way: a body that never ends is not waited for. */
    async settle(ms = 2000): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise<void>((done) => (timer = realSetTimeout(done, ms))),
      ])
      realClearTimeout(timer)
    },
    /** The violations found since the last call. */
    take(): Violation[] {
      return violations.splice(0)
    },
    record(): ContractRecord {
      return { covered: [...covered], pending: [...pendingSeen] }
    },
    /** A new test file: its own coverage, its requests checked unless it says otherwise. */
    startFile(): void {
      covered.clear()
      pendingSeen.clear()
      requestsUnchecked = null
    },
  }
}

/** A readable list of violations, for a test failure. */
export function describeViolations(list: readonly Violation[]): string {
  return list.map((v) => `${v.operation} (${v.part}): ${v.problems.join('; ')}`).join('\n')
}
