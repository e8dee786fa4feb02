import { EDITORIAL_COLLECTIONS } from '../domain/editorial-constants'

/*
 * Prop specs that several widgets' definitions share: spread one and add the prop's `doc`
 * (`collection: { ...COLLECTION_PROP, doc: '…' }`).
 */

/** A link an editor writes: a site path or an http(s) address, never a `javascript:` or `data:` link. */
export const LINK_PROP = { type: 'string', pattern: /^(\/(?!\/)|https?:\/\/)/ } as const

/** The editorial collection a widget shows (required). */
export const COLLECTION_PROP = {
  type: 'enum',
  values: EDITORIAL_COLLECTIONS,
  required: true,
} as const
