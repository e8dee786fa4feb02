import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'
import { catalogueChanges, changeCatalogue, clearCatalogue, persistCatalogueIn } from './catalogue'
import { db, persistDbIn, resetDb } from './db'
import {
  activeFaults,
  CALL_NAMES,
  clearFaults,
  FAULTS_STORAGE_KEY,
  loadFaults,
  releaseHeld,
  setFault,
  whenHeld,
} from './faults'
import { stripeServer } from './stripe-server'
import { takeControl } from './worker-control'

/** The demo's mock backend (MSW service worker); handlers run in the page. */
export const worker = setupWorker(...handlers)

/** What e2e tests and developers reach through `window.__wineMocks`. */
export interface WineMocks {
  setFault: typeof setFault
  clearFaults: typeof clearFaults
  activeFaults: typeof activeFaults
  /** Resolves once a call under a `held` fault waits, or a `stepped` stream waits for a piece. */
  whenHeld: typeof whenHeld
  /** Lets what is held answer (a `held` call, or a `stepped` stream's next piece). */
  releaseHeld: typeof releaseHeld
  resetDb: typeof resetDb
  /** The catalogue as the back office sells it now (`mocks/catalogue.ts`). */
  changeCatalogue: typeof changeCatalogue
  clearCatalogue: typeof clearCatalogue
  catalogue: typeof catalogueChanges
  calls: readonly string[]
  db: typeof db
  /**
   * The fake Stripe servers (shared with `mocks/fake-stripe.ts` and the demo bank): read the
   * intents and charges, or settle an intent behind the page's back.
   */
  stripe: Pick<typeof stripeServer, 'state' | 'charge' | 'update' | 'find'>
}

declare global {
  interface Window {
    __wineMocks?: WineMocks
  }
}

function safeSessionStorage(): Storage | null {
  try {
    const s = window.sessionStorage
    s.getItem(FAULTS_STORAGE_KEY)
    return s
  } catch {
    return null
  }
}

let started: Promise<void> | null = null

/**
 * Start the worker quietly (once), with the db and the catalogue's changes kept in sessionStorage
 * across page loads and the faults an init script put in `sessionStorage['wine-mocks:faults']`.
 */
export function startMocks(): Promise<void> {
  started ??= (async () => {
    const storage = safeSessionStorage()
    const load = () => {
      persistDbIn(storage)
      persistCatalogueIn(storage)
      loadFaults(storage?.getItem(FAULTS_STORAGE_KEY) ?? null)
    }
    load()
    // A page restored from the back/forward cache still holds the back office as it was when the
    // page was left: it takes what the tab's other pages saved since, so it answers as one server
    // would (a login on another page is seen by the restored page's current-user check).
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) load()
    })
    window.__wineMocks = {
      setFault,
      clearFaults,
      activeFaults,
      whenHeld,
      releaseHeld,
      resetDb,
      changeCatalogue,
      clearCatalogue,
      catalogue: catalogueChanges,
      calls: CALL_NAMES,
      db,
      stripe: {
        state: () => stripeServer.state(),
        charge: (id, method) => stripeServer.charge(id, method),
        update: (id, patch) => stripeServer.update(id, patch),
        find: (idOrSecret) => stripeServer.find(idOrSecret),
      },
    }
    // Optional where service workers are not (insecure origins): the types say otherwise.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    await takeControl(navigator.serviceWorker ?? undefined)
    await worker.start({
      quiet: true,
      // Pages, scripts, images and the library itself are real files: let them through.
      onUnhandledFrame: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
    })
  })()
  return started
}
