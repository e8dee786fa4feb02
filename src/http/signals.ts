/**
 * Abort signals without `AbortSignal.any` (Safari < 17.4 lacks it) and with timers that are
 * cleared when the work ends (`AbortSignal.timeout` keeps its timer running).
 */

/** A linked signal and the function that unlinks it (removes listeners, clears the timer). */
export interface LinkedSignal {
  signal: AbortSignal
  /** Abort it now, with this reason (e.g. a wait that ran out, measured by the caller). */
  abort(reason: unknown): void
  /** Call when the work is over: the sources and the timer no longer hold on to it. */
  dispose(): void
}

/** Why a request gave up waiting: the reason of a signal aborted by `linkSignals`' timeout. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`)
    this.name = 'TimeoutError'
  }
}

/**
 * One signal that aborts as soon as any source aborts (with that source's reason), or after
 * `timeoutMs` (with a `TimeoutError`). Sources may be undefined.
 */
export function linkSignals(
  sources: readonly (AbortSignal | undefined)[],
  timeoutMs?: number,
): LinkedSignal {
  const controller = new AbortController()
  const unlink: (() => void)[] = []
  const dispose = () => unlink.splice(0).forEach((fn) => fn())
  const abort = (reason: unknown) => {
    if (controller.signal.aborted) return
    dispose()
    controller.abort(reason)
  }
  for (const source of sources) {
    if (!source) continue
    if (source.aborted) {
      abort(source.reason)
      break
    }
    const onAbort = () => abort(source.reason)
    source.addEventListener('abort', onAbort, { once: true })
    unlink.push(() => source.removeEventListener('abort', onAbort))
  }
  if (!controller.signal.aborted && timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
    const timer = setTimeout(() => abort(new TimeoutError(timeoutMs)), timeoutMs)
    unlink.push(() => clearTimeout(timer))
  }
  return { signal: controller.signal, abort, dispose }
}
