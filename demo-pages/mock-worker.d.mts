/** Types of mock-worker.mjs (plain Node ESM, see there). */
export const MSW_WORKER: string
/** MSW's worker source with the demo's three changes; throws if they no longer apply. */
export function demoWorker(source: string): string
/** The demo worker's source, read once. */
export function demoWorkerSource(): Promise<string>
