/**
 * Whether a value parsed from outside (a server's JSON, saved state, an editor's attribute) is a
 * plain object whose fields can be read: not null, not an array. The one copy every reader of
 * outside data uses.
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A text field of such a value (a search record's title, an editorial entry's intro, a line of
 * the sommelier's structured answer): the string without its outer spaces, "" for anything else.
 */
export const trimmedText = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')
