/** Types of build.mjs (plain JavaScript, run by node without a TypeScript loader). */
/** Builds server/main.ts into `{outDir}/main.js` (default dist-server/) with its packages inside. */
export function buildServer(outDir?: string): Promise<string>
