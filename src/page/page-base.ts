/**
 * What the entry (mount/index.ts) needs besides its own code: the bus, the error report, the
 * page-leave watch, the pending payments' clean-up on logout. The entry imports this module
 * dynamically, together with the first widget's code, never statically: a static import would
 * make the entry wait for it before it could request anything else (a waterfall one request
 * deeper on every page). One chunk (vite.config.ts `PAGE_BASE`).
 */
export { getBus } from '../bus/bus'
export { reportError } from '../report/report'
export { isCutShort, isLoadFailure, watchPageLeave } from '../report/page-leave'
export { forgetPendingOnLogout } from '../payment/forget-pending'
