/**
 * What the entry (mount/index.ts) needs besides its own code: the bus, the error report, the
 * page-leave watch, the pending payments' clean-up on logout. The entry imports this module
 * dynamically, together with the first widget's code, never statically: a static import would
 * make the entry wait for it before it could request anything else (a waterfall one request
 * deeper on every page). One chunk (vite.config.ts `PAGE_BASE`).
 */
export { getBus } from '../bus/bus'
// The entry's runtime reports a tag's problems through this one: a missing attribute beside a
// near typo of it says "did you mean" (src/props/tag-hints.ts); every other report goes through as is.
export { reportWithHints as reportError } from '../props/tag-hints'
export { isCutShort, isLoadFailure, watchPageLeave } from '../report/page-leave'
export { forgetPendingOnLogout } from '../payment/forget-pending'
