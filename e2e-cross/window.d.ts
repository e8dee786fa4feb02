/** The library's page API as the journeys use it (mount/index.ts declares the whole of it). */
interface Window {
  WineWidgets?: { ready(): Promise<void> }
  /** Set by a journey's `beforeunload` listener: this document has started to leave. */
  __leaving?: boolean
}
