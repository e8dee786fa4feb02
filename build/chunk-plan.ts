import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'
import { EDITORIAL_WIDGETS, SITE_WIDGETS } from '../mount/bundles.ts'
import { TEXTS } from './texts-plugin.ts'

/**
 * The library every widget needs, React or not (React Query's core): one chunk, with the page
 * base. A widget drawn without React (quotes) loads it and not React.
 */
const VENDOR_LITE = /node_modules[\\/]@tanstack[\\/]query-core[\\/]/
/** React Query's infinite queries, which only the carousel uses. */
const INFINITE_QUERY =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/
/**
 * The libraries every React widget root needs (React, React Query, immer, i18next and
 * react-i18next with its backend: every React widget shows text through them). Not the page
 * base's: a page whose widgets are all drawn without React (quotes) loads none of them.
 */
const VENDOR_BASE =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|immer|i18next|i18next-resources-to-backend|react-i18next)[\\/]|rolldown[\\/]runtime|[\\/]build[\\/]use-sync-external-store\.ts$/
/**
 * The two chunks every widget page loads, by the path of their modules from the repository
 * root; what these modules import goes with them (see `chunkOf`).
 * - page-base: what every widget needs, React or not, besides the entry (src/page/page-base.ts
 *   and what a widget drawn without React needs: the text files, http, the page's QueryClient, the
 *   collection reads, rotation, the DOM root, the widgets' baseline stylesheet).
 * - core: what every widget root needs (providers, store, bus, the page's i18next, the session
 *   service, started before the first widget renders), and tiny modules many widgets use (the
 *   bus hook, safe links, the session's routes, the search sent ahead of the search client, the
 *   wait for the next paint that tabs, the cart, the buy boxes and the sommelier use):
 *   one request instead of a handful of tiny ones.
 *   The account calls (current-user check, login, sign-up) load with the widgets that show the
 *   user.
 * A path that does not exist fails the build: moving a module cannot silently take it out of
 * its chunk (and add a request to every page).
 */
export const CHUNK_PLAN = {
  'page-base': [
    'mount/baseline.css',
    'mount/dom-root.ts',
    'mount/schemas.ts',
    'src/api/collection-query.ts',
    'src/api/collection-url.ts',
    'src/api/query-client.ts',
    'src/bus/bus.ts',
    'src/domain/rotation.ts',
    'src/http/csrf.ts',
    'src/http/http.ts',
    'src/http/signals.ts',
    'src/i18n/text-files.ts',
    'src/page/page-base.ts',
    'src/page/page-context.ts',
    'src/payment/forget-pending.ts',
    'src/report/page-leave.ts',
    'src/report/report.ts',
  ],
  core: [
    'mount/page-services.ts',
    'mount/root.tsx',
    'src/api/logout.ts',
    'src/bus/use-bus.ts',
    'src/config/config.ts',
    'src/domain/safe-url.ts',
    'src/domain/to-number.ts',
    'src/domain/trimmed-text.ts',
    'src/i18n/i18n.ts',
    'src/i18n/locale-context.tsx',
    'src/page/use-page.tsx',
    'src/report/use-report-error.ts',
    'src/session/redirect.ts',
    'src/session/routes.ts',
    'src/services/search-ahead.ts',
    'src/session/session-service.ts',
    'src/store/activity.ts',
    'src/store/shared-store.ts',
    'src/store/state.ts',
    'src/store/store.ts',
    'src/ui/after-paint/after-next-paint.ts',
    'src/ui/after-paint/use-paint-first.ts',
    'src/ui/ErrorBoundary.tsx',
    'src/ui/widget-tag/WidgetTag.tsx',
  ],
  // What the buy boxes read and show (a wine's vintages and promotions, the stock rules, the
  // quantity field, adding a wine variant). The sommelier's cards read the same without the field; left to rolldown,
  // the field would then be a chunk, and a request, of its own on every product page.
  buy: [
    'src/api/products.ts',
    'src/features/add-wine/use-add-wine.ts',
    'src/domain/quantity.ts',
    'src/services/rules.ts',
    'src/ui/quantity-input/QuantityInput.module.css',
    'src/ui/quantity-input/QuantityInput.tsx',
  ],
} as const satisfies Record<string, readonly string[]>

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const missing = Object.values(CHUNK_PLAN)
  .flat()
  .filter((path) => !existsSync(join(repoRoot, path)))
if (missing.length > 0)
  throw new Error(`build/chunk-plan.ts names modules that do not exist: ${missing.join(', ')}`)

/** A module id as a path from the repository root (ids are absolute, possibly with a query). */
const fromRoot = (id: string) => relative(repoRoot, id.replace(/\?.*$/, '')).replaceAll('\\', '/')
const inChunk = (chunk: keyof typeof CHUNK_PLAN) => {
  const paths = new Set<string>(CHUNK_PLAN[chunk])
  return { test: (id: string) => paths.has(fromRoot(id)) }
}
const CORE = inChunk('core')
const PAGE_BASE = inChunk('page-base')
const BUY = inChunk('buy')
const WIDGET_DEFINITION = /[\\/]widgets[\\/][^\\/]+[\\/]index\.ts$/
const inWidgets = (names: readonly string[]) =>
  new RegExp(`[\\\\/]widgets[\\\\/](${names.join('|')})[\\\\/]`)
const IN_SITE_WIDGET = inWidgets(SITE_WIDGETS)
const IN_EDITORIAL_WIDGET = inWidgets(EDITORIAL_WIDGETS)

/** Whether a module for which `test` holds imports `id` statically, directly or through others. */
function importedBy(
  id: string,
  ctx: Rolldown.ChunkingContext,
  test: (importer: string) => boolean,
): boolean {
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (test(importer)) return true
      if (seen.has(importer)) continue
      seen.add(importer)
      queue.push(importer)
    }
  }
  return false
}

/**
 * The modules that load a module: the nearest dynamically imported modules (a widget's
 * component, a panel it opens later) or the entry, found by walking its static importers up.
 */
function loadersOf(id: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const roots = new Set<string>()
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = ctx.getModuleInfo(next)
    if (!info) continue
    if (info.isEntry || info.dynamicImporters.length > 0) {
      roots.add(next)
      continue
    }
    for (const importer of info.importers.filter((i) => !seen.has(i))) {
      seen.add(importer)
      queue.push(importer)
    }
  }
  return roots
}

/**
 * Library build only: the chunk of each module (null: rolldown's automatic chunking, which puts
 * a module in the chunk of the one dynamic import that needs it, or in a chunk shared by those
 * that do).
 * - vendor-base: the long-cached libraries every React root runs, valibot among them (the
 *   config block's schemas are read in the core), with the stored id lists read through it.
 * - core: see CORE.
 * - site: the site widgets' components (mount/bundles.ts) and what they need at first render,
 *   also when other widgets need it too (the site widgets are on every page of the real site,
 *   so their chunk is always there), unless the entry or an editorial widget needs it (a page of
 *   quotes alone must not download the header's code); what the panels they open later need only
 *   stays with those panels.
 */
export function chunkOf(id: string, ctx: Rolldown.ChunkingContext): string | null {
  // The carousel's infinite query only: with the carousel, not on every page.
  if (INFINITE_QUERY.test(id)) return null
  if (VENDOR_LITE.test(id)) return 'vendor-lite'
  if (VENDOR_BASE.test(id)) return 'vendor-base'
  // valibot: every React root reads the config block with it, so it rides with React (a chunk
  // of its own was one request more on every page). The stored id lists (paid orders and carts,
  // GA4 purchases sent) are read with it and used only where it is loaded: with it.
  if (/node_modules[\\/]valibot[\\/]|[\\/]src[\\/]store[\\/]id-list\.ts$/.test(id))
    return 'vendor-base'
  // What every widget needs besides the entry (src/page/page-base.ts: the bus, the error report,
  // page leave, the page context; the collection URLs of the entry's editorial prefetch; what a
  // widget drawn without React needs): one small chunk every widget page loads, imported
  // dynamically by the entry so that it is requested together with the widgets' code, not
  // before it. The collection's request starts without waiting for a chunk of its own, or for
  // the libraries the collections chunk needs.
  if (PAGE_BASE.test(id) || id === `\0${TEXTS}`) return 'page-base'
  if (CORE.test(id)) return 'core'
  const isEntry = (m: string) => ctx.getModuleInfo(m)?.isEntry ?? false
  const inEntry = isEntry(id) || importedBy(id, ctx, isEntry)
  // What a page-base module imports is in the page base too (unless the entry has it): anywhere
  // else the page base would import that chunk, and it could import the page base back.
  if (!inEntry && importedBy(id, ctx, (m) => PAGE_BASE.test(m) || m === `\0${TEXTS}`))
    return 'page-base'
  // What a core module imports is in the core too (unless the entry has it already). Anywhere
  // else the core would import that chunk, and a chunk that imports the core back (the site
  // chunk does) makes a cycle: the build then lists the core's stylesheet after that chunk's, and
  // the widgets' baseline (mount/baseline.css, then in the core's stylesheet) overrides the widgets'
  // own rules of the same weight (it moved the header at load). build/chunks.test.ts checks it.
  if (!inEntry && importedBy(id, ctx, (m) => CORE.test(m))) return 'core'
  if (!inEntry && BUY.test(id)) return 'buy'
  const roots = [...loadersOf(id, ctx)]
  const siteAtFirstRender = (root: string) =>
    IN_SITE_WIDGET.test(root) &&
    (ctx.getModuleInfo(root)?.dynamicImporters.some((i) => WIDGET_DEFINITION.test(i)) ?? false)
  const elsewhere = (root: string) =>
    IN_EDITORIAL_WIDGET.test(root) || (ctx.getModuleInfo(root)?.isEntry ?? true)
  if (roots.some(siteAtFirstRender) && !roots.some(elsewhere)) return 'site'
  return null
}

/**
 * Vite's preload map, trimmed: what the page base's and the root's imports (started at the same
 * time as a widget's) already request is not listed again in every widget's import, so the
 * entry stays small; nor is the entry itself (`wine-widgets.js`), which has run before any of
 * the imports it leads to: a chunk that imports from it (the site chunk's panels) otherwise adds
 * a modulepreload of it to the page at each of their loads, the search icon's tap among them.
 */
export const resolveDependencies = (
  file: string,
  deps: string[],
  { hostType }: { hostType: 'html' | 'js' },
): string[] =>
  hostType === 'js' && !/(^|\/)(core|page-base)-/.test(file)
    ? deps.filter(
        (d) =>
          !/(^|\/)(vendor-base|vendor-lite|page-base|rolldown-runtime)-/.test(d) &&
          !/(^|\/)wine-widgets\.js$/.test(d),
      )
    : deps
