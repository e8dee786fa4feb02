import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const SHARED = fileURLToPath(new URL('../mount/reserve.css', import.meta.url))
const WIDGETS = fileURLToPath(new URL('../widgets/', import.meta.url))

/**
 * The files of the reserve stylesheet: `mount/reserve.css` (what every widget shares) first, then
 * each widget's own `widgets/<name>/reserve.css` sorted by folder name. The order between widgets
 * cannot change the cascade, since each file styles only its own tag (`mount/reserve.test.ts`),
 * so the plain sort wins over the registry's order: it needs no TypeScript module graph here.
 */
export function reserveFiles(): string[] {
  const own = readdirSync(WIDGETS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${WIDGETS}${entry.name}/reserve.css`)
    .filter((file) => existsSync(file))
    .sort()
  return [SHARED, ...own]
}

/** The reserve stylesheet as written: its files joined, one request for the page. */
export function reserveCss(): string {
  return reserveFiles()
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')
}

/** Comments out, whitespace collapsed (never before a colon: `a :hover` is a selector). */
const minifyCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim()

/**
 * Library build only: emits the reserve stylesheet as `dist/wine-widgets.css`, the stylesheet the
 * CMS links in <head> so every widget tag has its box before any script runs (docs/embedding.md).
 */
export function reserveStylesheet(): Plugin {
  return {
    name: 'wine-widgets-css',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    buildStart() {
      for (const file of reserveFiles()) this.addWatchFile(file)
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'wine-widgets.css',
        source: minifyCss(reserveCss()),
      })
    },
  }
}
