/**
 * Runs `run` once the page is idle (within 2 s), or after 300 ms where the browser has no idle
 * callbacks (Safari): past the current tap's events and its paint, or the page's first load.
 * Returns a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(run, 300)
  return () => window.clearTimeout(id)
}
