/**
 * A stored JSON text read back (the store, the pending and paid payments, the stored id lists);
 * undefined when it is not JSON (JSON never parses to undefined). Not in ./web-storage: the
 * library entry has that module, and nothing of the entry reads JSON back.
 */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
