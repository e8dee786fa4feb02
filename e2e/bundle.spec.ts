/**
 * The library build holds no fake (docs/architecture.md rule 4): the demo's stand-ins for Stripe.js and
 * Google places, the demo bank and the mock servers live in `mocks/` and `demo-pages/` and reach
 * the page only through the demo bootstrap (`window.wineWidgetsServices`). This reads `dist/` (built
 * by `npm run build`, as `npm run test:e2e` does) with node's fs; no browser is opened.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

const DIST = fileURLToPath(new URL('../dist/', import.meta.url))

/** Strings only the fakes carry (texts, attributes, storage keys, ids, exported names). */
const MARKERS = [
  'createFakeStripe',
  'createFakePlaces',
  'FakeCardElement',
  'FakePaymentElement',
  'data-fake-stripe',
  'wine-fake-stripe',
  'wine-fake-places',
  '3D Secure authentication (demo)',
  'Complete authentication',
  'Fail authentication',
  'Demo bank',
  '/demo/bank',
  'wine-mocks:stripe',
  'pi_mock_',
  '__wineMocks',
]

/** Source folders whose modules must never be bundled into the library. */
const FORBIDDEN_SOURCES = /(^|\/)(mocks|demo-pages|fixtures)\//

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

const files = filesUnder(DIST)
const name = (file: string) => relative(DIST, file)

test('dist/ holds the library build', () => {
  expect(files.map(name)).toContain('wine-widgets.js')
})

test('no shipped file (scripts, styles, manifest) carries a marker of the fakes', () => {
  const found = files
    .filter((file) => !file.endsWith('.map'))
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return MARKERS.filter((marker) => text.includes(marker)).map((m) => `${name(file)}: ${m}`)
    })
  expect(found).toEqual([])
})

test('no source map lists a module from mocks/, demo-pages/ or fixtures/', () => {
  const found = files
    .filter((file) => file.endsWith('.map'))
    .flatMap((file) => {
      const map = JSON.parse(readFileSync(file, 'utf8')) as { sources?: string[] }
      return (map.sources ?? [])
        .map((source) => source.replace(/\\/g, '/'))
        .filter((source) => FORBIDDEN_SOURCES.test(source))
        .map((source) => `${name(file)}: ${source}`)
    })
  expect(found).toEqual([])
})

test('source maps are written but no shipped script or stylesheet points to one (hidden)', () => {
  expect(files.some((file) => file.endsWith('wine-widgets.js.map'))).toBe(true)
  const found = files
    .filter((file) => /\.(js|css)$/.test(file))
    .filter((file) => /sourceMappingURL=/.test(readFileSync(file, 'utf8')))
    .map(name)
  expect(found).toEqual([])
})

test('the manifest names no module from mocks/ or demo-pages/', () => {
  const manifest = readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')
  expect(manifest).not.toMatch(/"(mocks|demo-pages)\//)
})
