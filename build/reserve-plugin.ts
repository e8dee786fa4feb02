import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

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
 * Library build only: emits `mount/reserve.css` as `dist/wine-widgets.css`, the stylesheet the CMS
 * links in <head> so every widget tag has its box before any script runs (docs/embedding.md).
 */
export function reserveStylesheet(): Plugin {
  const source = fileURLToPath(new URL('../mount/reserve.css', import.meta.url))
  return {
    name: 'wine-widgets-css',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    buildStart() {
      this.addWatchFile(source)
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'wine-widgets.css',
        source: minifyCss(readFileSync(source, 'utf8')),
      })
    },
  }
}
