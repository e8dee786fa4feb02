/** The library's page API as the journeys use it (mount/index.ts declares the whole of it). */
interface Window {
  WineWidgets?: { ready(): Promise<void> }
}
