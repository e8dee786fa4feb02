/**
 * A question handed to the sommelier's chat by the search ("Ask the sommelier about ‘…’"): left
 * in the tab's sessionStorage before the modal switches, typed into the chat's field when that
 * mounts (after the login, for a visitor), then removed. Storage, not a module's variable: a
 * module both lazy chunks import would be placed in the header's chunk (their common one), which
 * is at its byte limit; this module holds only types and the key, each side inlines its few
 * lines. Never sent anywhere, and it stays in the tab.
 */
export const SOMMELIER_DRAFT_KEY = 'wine-widgets:sommelier-draft'
