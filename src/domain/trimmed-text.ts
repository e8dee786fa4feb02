/**
 * A text field of outside data (a search record's title, an editorial entry's intro, a line of
 * the sommelier's structured answer): the string without its outer spaces, "" for anything else.
 * Not in is-record.ts: the library entry has that module (the attribute checks), and what it
 * holds is in every page's first download.
 */
export const trimmedText = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')
