import { EDITORIAL_COLLECTIONS } from '../domain/editorial-constants'

/* What several widgets' attribute schemas share (`collection: COLLECTION_PROP` in a `props.ts`).
 * In the page base with the schemas, never in the entry (the editorial widgets' `prefetch` is in
 * ./prefetch-editorial.ts). */

/** A link an editor writes: a site path or an http(s) address, never a `javascript:` or `data:` link. */
export const LINK_PROP = { type: 'string', pattern: /^(\/(?!\/)|https?:\/\/)/ } as const

/** The editorial collection a widget shows (required). */
export const COLLECTION_PROP = {
  type: 'enum',
  values: EDITORIAL_COLLECTIONS,
  required: true,
} as const
