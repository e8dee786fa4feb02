/**
 * Switchable failures for the mock server. Every handler goes through `withFaults` (mocks/route.ts),
 * which asks `takeFault(call)` before answering, so a test, the e2e suite or a developer in the
 * console can make one named call fail:
 *   setFault('getbundle', { kind: 'status', status: 500 }, { times: 1 })
 */
export const CALL_NAMES = [
  'csrf',
  'getcurrentuser',
  'logoutuser',
  'loginuser',
  'isexistingemail',
  'createuser',
  'sendpasswordresetlink',
  'resetpassword',
  'updateuserpoints',
  'getupdatedpoints',
  'getinvoices',
  'getwinevariants',
  'getbundle',
  'isVATValid',
  'createorderinodoo',
  'checkoutorder',
  'sendorderconfirmation',
  'createpaymentintent',
  'collections',
  'rules',
  'sommelier',
  'search',
] as const

export type CallName = (typeof CALL_NAMES)[number]

export type Fault =
  | { kind: 'status'; status: 500 | 503 | 419 | 422 | 429 }
  /** The request fails as if the network dropped (`HttpResponse.error()`). */
  | { kind: 'network' }
  /** 200 with a body that is not valid JSON. */
  | { kind: 'malformed' }
  /** Wait `ms`, then answer normally. */
  | { kind: 'delay'; ms: number }
  /** Never answers. */
  | { kind: 'hang' }
  /**
   * Waits until `releaseHeld(call)`, then answers normally: a slow answer whose end the test
   * decides, so what it shows meanwhile is checked however fast or slow the machine is.
   */
  | { kind: 'held' }
  /**
   * Answers at once, but a streamed answer sends each of its pieces only when the test calls
   * `releaseHeld(call)`: what the page shows piece by piece is checked however loaded the machine
   * (on its own pace, a busy page can take several pieces in one render). Other answers: normal.
   */
  | { kind: 'stepped' }
  /**
   * The server handles the call for real (its effect happens, its answer is kept for an
   * `Idempotency-Key` replay) but the answer is lost on the way: the client gets a network error.
   */
  | { kind: 'lost' }

export interface FaultOptions {
  /** Fail this many calls, then answer normally again. @default every call */
  times?: number
}

interface ActiveFault {
  fault: Fault
  remaining: number | null
}

const active = new Map<CallName, ActiveFault>()

export const isCallName = (v: unknown): v is CallName =>
  typeof v === 'string' && (CALL_NAMES as readonly string[]).includes(v)

const STATUSES = [500, 503, 419, 422, 429]

export function isFault(v: unknown): v is Fault {
  if (typeof v !== 'object' || v === null) return false
  const f = v as Record<string, unknown>
  switch (f.kind) {
    case 'status':
      return typeof f.status === 'number' && STATUSES.includes(f.status)
    case 'delay':
      return typeof f.ms === 'number' && f.ms >= 0
    case 'network':
    case 'malformed':
    case 'hang':
    case 'held':
    case 'stepped':
    case 'lost':
      return true
    default:
      return false
  }
}

export function setFault(call: CallName, fault: Fault, options: FaultOptions = {}): void {
  if (!isCallName(call)) throw new Error(`Unknown mock call "${String(call)}"`)
  if (!isFault(fault)) throw new Error(`Invalid fault ${JSON.stringify(fault)}`)
  const times = options.times
  if (times !== undefined && (!Number.isInteger(times) || times < 1))
    throw new Error('times must be a positive integer')
  active.set(call, { fault, remaining: times ?? null })
}

/** Remove every fault, or the one of a call (held calls of it answer now). */
export function clearFaults(call?: CallName): void {
  if (call) active.delete(call)
  else active.clear()
  releaseHeld(call)
}

const held = new Map<CallName, () => void>()
const gates = new Map<CallName, Promise<void>>()
const holdWaiters = new Map<CallName, (() => void)[]>()

/** For the mock server: resolves when the test releases the held calls of `call`. */
export function heldUntilReleased(call: CallName): Promise<void> {
  let gate = gates.get(call)
  if (!gate) {
    gate = new Promise<void>((resolve) => held.set(call, resolve))
    gates.set(call, gate)
  }
  for (const wake of holdWaiters.get(call) ?? []) wake()
  holdWaiters.delete(call)
  return gate
}

/**
 * For a test: resolves once a call of `call` is held by the mock server (recorded in `db.calls`
 * and waiting for `releaseHeld`); at once if one is held now.
 */
export function whenHeld(call: CallName): Promise<void> {
  if (gates.has(call)) return Promise.resolve()
  return new Promise<void>((resolve) =>
    holdWaiters.set(call, [...(holdWaiters.get(call) ?? []), resolve]),
  )
}

/**
 * Let the calls held so far answer (all calls, or those of `call`). A `held` fault still active
 * holds the next call again.
 */
export function releaseHeld(call?: CallName): void {
  for (const name of call ? [call] : [...held.keys()]) {
    held.get(name)?.()
    held.delete(name)
    gates.delete(name)
  }
}

/** Faults after which the call still answers normally: not faults in the call log. */
export const answersNormally = (fault: Fault): boolean =>
  fault.kind === 'delay' || fault.kind === 'held' || fault.kind === 'stepped'

/** The fault to apply to this call now (counts down `times`), or null to answer normally. */
export function takeFault(call: CallName): Fault | null {
  const entry = active.get(call)
  if (!entry) return null
  if (entry.remaining !== null) {
    entry.remaining -= 1
    if (entry.remaining <= 0) active.delete(call)
  }
  return entry.fault
}

export function activeFaults(): Partial<Record<CallName, Fault>> {
  return Object.fromEntries([...active].map(([call, { fault }]) => [call, fault]))
}

/**
 * Read faults set before the page loaded (Playwright init scripts):
 * `sessionStorage['wine-mocks:faults'] = '{"getbundle":{"kind":"status","status":500}}'`.
 * Unknown calls and invalid faults are reported and skipped.
 */
export const FAULTS_STORAGE_KEY = 'wine-mocks:faults'

export function loadFaults(text: string | null): void {
  if (!text) return
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    console.warn(`[wine-mocks] ${FAULTS_STORAGE_KEY} is not valid JSON; ignored`)
    return
  }
  if (typeof raw !== 'object' || raw === null) return
  for (const [call, value] of Object.entries(raw)) {
    const fault = value as Fault & FaultOptions
    if (isCallName(call) && isFault(fault)) setFault(call, fault, { times: fault.times })
    else console.warn(`[wine-mocks] ignored fault for "${call}"`)
  }
}
