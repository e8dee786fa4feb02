/**
 * Runs `run` in a task after the next frame is painted (a timeout posted from that frame's
 * animation callback), or after `fallbackMs` when no frame comes (a hidden tab does not paint).
 * What an input shows at once (a tab marked selected) is painted first; the work that follows
 * (a panel's render, its effects and requests) no longer delays that paint, which is what the
 * shopper feels and what Interaction to Next Paint measures. Returns a function that cancels it.
 */
export function afterNextPaint(run: () => void, fallbackMs = 100): () => void {
  let done = false
  let timeout: number | undefined
  const once = () => {
    if (done) return
    done = true
    window.clearTimeout(fallback)
    window.cancelAnimationFrame(frame)
    run()
  }
  const frame = window.requestAnimationFrame(() => {
    timeout = window.setTimeout(once, 0)
  })
  const fallback = window.setTimeout(once, fallbackMs)
  return () => {
    done = true
    window.cancelAnimationFrame(frame)
    window.clearTimeout(fallback)
    window.clearTimeout(timeout)
  }
}
