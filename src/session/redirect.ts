/**
 * Page navigation used by the widgets (logout and the reset-password page send the visitor home).
 *
 * Every redirect is first announced with a cancelable `wine-widgets:navigate` event that bubbles
 * from the widget's element (`detail: { url }`): a host page that routes itself, or the widget
 * catalogue keeping its live examples in place, calls `preventDefault()` and the library does not
 * leave the page. This works in every engine, unlike the Navigation API's `navigate` event, and
 * only ever concerns a navigation a widget really asked for.
 *
 * The navigation itself is the page's (a page slot), replaceable with `setPageRedirect` because
 * jsdom cannot navigate and tests need to observe where a flow went; the next page navigates
 * for real again. A component test can also cancel the event, as a host page does.
 */
import { pageSlot } from '../page/page-context'

export type Redirect = (url: string) => void

export const NAVIGATE_EVENT = 'wine-widgets:navigate'

/** The `detail` of a `wine-widgets:navigate` event. */
export interface NavigateDetail {
  /** Where the widget wants to go (a path such as `/fr`). */
  url: string
}

const browserRedirect: Redirect = (url) => window.location.assign(url)

const page = pageSlot<{ redirect: Redirect }>(() => ({ redirect: browserRedirect }))

/**
 * Go to `url`, unless a listener of the `wine-widgets:navigate` event dispatched on `from` (the
 * widget's element; the document when the flow has none) cancels it. Returns whether it went.
 */
export function redirectTo(url: string, from?: Element | null): boolean {
  const target: EventTarget | undefined = from ?? globalThis.document
  const detail: NavigateDetail = { url }
  const proceed =
    // No document in node (tests), whatever the DOM types say.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    target?.dispatchEvent(
      new CustomEvent(NAVIGATE_EVENT, { detail, bubbles: true, cancelable: true }),
    ) ?? true
  if (proceed) page.get().redirect(url)
  return proceed
}

/** Replace this page's navigation (tests: jsdom cannot navigate); a new page has the browser's. */
export function setPageRedirect(redirect: Redirect): void {
  page.get().redirect = redirect
}
