/** Types of eslint.config.js for the test of its dependency-direction rule. */
import type { Linter } from 'eslint'

/** Why `file` may not import `source` (ARCHITECTURE.md dependency direction), or null. */
export function importProblem(file: string, source: string): string | null
declare const config: Linter.Config[]
export default config
