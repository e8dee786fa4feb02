/** Injected by vite.config.ts `define`. */
declare const __WINE_WIDGETS_VERSION__: string
