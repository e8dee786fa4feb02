import { openPage } from '../src/page/page-context'
import { setPageStore } from '../src/store/shared-store'
import { readSavedState } from '../src/store/saved-state'

/**
 * A page load in a test: a fresh page context (store, bus, query cache, config, session,
 * payment, services), whose store reads back what the tab saved with the real reader (a page
 * loads that reader on demand in `prepareStore`). Runs after every test (mocks/vitest-setup.ts).
 */
export function loadPage(): void {
  openPage()
  setPageStore(readSavedState)
}
