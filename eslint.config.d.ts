/** Types of eslint.config.js for the tests of its local rules. */
import type { Linter } from 'eslint'

/** Why `file` may not import `source` (docs/architecture.md, the dependency direction), or null. */
export function importProblem(file: string, source: string): string | null
/** The oldest version of each browser of package.json's browserslist, by MDN browser id. */
export function oldestTargets(query?: string | string[]): Record<string, string>
/** The browsers of the target (e.g. "Safari 16.4") that lack the static member `object.property`. */
export function unsupportedIn(
  object: string,
  property: string,
  targets?: Record<string, string>,
): string[]
declare const config: Linter.Config[]
export default config
