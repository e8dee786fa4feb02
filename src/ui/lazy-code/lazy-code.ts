import { createElement, lazy, useState, type ComponentType } from 'react'

export interface LazyCode<M> {
  /** Starts loading the code (once; again after a failure) and gives the module. */
  preload: () => Promise<M>
  /** Whether the code has arrived: a render that needs it now will not suspend. */
  loaded: () => boolean
  /** A component of the module, for a `<Suspense>` inside the widget. */
  part: <P extends object>(pick: (code: M) => ComponentType<P>) => ComponentType<P>
}

/**
 * Code a widget needs only in some of its states (the cart's checkout for a logged-in shopper
 * with lines): one chunk, loaded when that state is reached or earlier by `preload`, shared by
 * the components `part` makes of it. A part mounted once the code is there renders it at once
 * (no suspending, no fallback); one mounted before waits in the nearest `<Suspense>`. Each keeps
 * its choice for its life, so arriving code never remounts what is shown. A failed load is
 * forgotten so the next attempt fetches again; a part whose load failed throws to the widget's
 * error boundary.
 */
export function lazyCode<M>(load: () => Promise<M>): LazyCode<M> {
  let code: Promise<M> | null = null
  let module: M | null = null
  const preload = () =>
    (code ??= load().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        code = null
        throw error
      },
    ))
  return {
    preload,
    loaded: () => module !== null,
    part: <P extends object>(pick: (code: M) => ComponentType<P>) => {
      const Waiting = lazy(() => preload().then((loaded) => ({ default: pick(loaded) })))
      return function Part(props: P) {
        const [ready] = useState(() => module)
        return createElement(ready ? pick(ready) : Waiting, props)
      }
    },
  }
}
