import type { Plugin } from 'vite'

/** V8's magic comment: compile every function of this file eagerly (Chromium 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Library build only: each chunk but the entry starts with V8's compile hint, so its functions
 * are compiled as the file streams in, on a background thread, instead of on the main thread at
 * their first call. Every chunk is loaded to run at once (the vendors at load, a widget's chunk to
 * render it); without the hint a page's first tap compiled about a hundred functions in its own
 * task (docs/benchmark.md). Other browsers read a comment. Added last (after Vite's preload map,
 * which it writes at the top of a file), with the source map moved one line down.
 */
export function compileHints(): Plugin {
  return {
    name: 'wine-widgets-compile-hints',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'demo',
    // The file names' hashes follow the files' content, the hint included.
    augmentChunkHash: (chunk) => (chunk.isEntry ? undefined : COMPILE_HINT),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          // The entry keeps its 6 KB gzip (the hint is 30 bytes of it): it is the mount runtime,
          // whose functions run at load, not at a tap.
          if (file.type !== 'chunk' || file.isEntry || file.code.startsWith(COMPILE_HINT)) continue
          file.code = `${COMPILE_HINT}\n${file.code}`
          if (file.map) file.map.mappings = `;${file.map.mappings}`
        }
      },
    },
  }
}
