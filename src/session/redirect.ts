/**
 * Page navigation used by the session flows (logout sends the visitor home). It is a swappable
 * function because jsdom cannot navigate and tests need to observe where a flow went.
 */
export type Redirect = (url: string) => void

const browserRedirect: Redirect = (url) => window.location.assign(url)

let current: Redirect = browserRedirect

export function redirectTo(url: string): void {
  current(url)
}

/** Replace the navigation (tests, or a host page that routes itself); returns a restore function. */
export function setRedirect(redirect: Redirect): () => void {
  current = redirect
  return () => {
    current = browserRedirect
  }
}
