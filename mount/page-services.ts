/**
 * What runs once per page before any widget renders (loaded by the entry with the first widget,
 * in parallel with the React root): the page's store, read back from this tab's saved state; the
 * GA4 analytics when the config enables them (so they hear every event of the page, and pages
 * without them load nothing); the consent answer told to the host (`wine-widgets:consent`, also
 * without analytics: a site's own tags may follow it); and the session service, which owns the inactivity expiry. It must
 * not start from a component: an expiry found at page load would then be handled after the first
 * current-user check had already logged the visitor back in.
 */
import { getBus } from '../src/bus/bus'
import { readConfig } from '../src/config/config'
import { announceConsent } from '../src/consent/consent'
import { reportError } from '../src/report/report'
import { startSessionService } from '../src/session/session-service'
import { prepareStore } from '../src/store/shared-store'

/** Analytics never hold the widgets back: a chunk that fails to load is only logged. */
async function startAnalytics(): Promise<void> {
  if (!readConfig().config.analytics?.ga4) return
  try {
    const { startGa4 } = await import('../src/analytics/ga4')
    startGa4(getBus())
  } catch (error) {
    reportError({ area: 'analytics', message: 'Analytics failed to load', error })
  }
}

export async function startPageServices(): Promise<void> {
  readConfig() // reports the config block's problems once, with the first widget
  await Promise.all([prepareStore(), startAnalytics()])
  announceConsent()
  startSessionService()
}
