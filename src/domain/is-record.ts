/**
 * Whether a value parsed from outside (a server's JSON, saved state, an editor's attribute) is a
 * plain object whose fields can be read: not null, not an array. The one copy every reader of
 * outside data uses.
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
