/**
 * The wire types of the calls, read from the contract's generated types (./contract.ts, from
 * contract/openapi.yaml). Types only: importing this module adds nothing to the bundle.
 *
 * A request body is the contract's type, so a client that sends another shape does not compile.
 * An answer is `Unchecked`: once `isRecord` holds, an object with the contract's field names whose
 * values are still `unknown`, so the client reads only fields the contract names and still checks
 * every value at run time (a server may send anything).
 */
import type { components, operations } from './contract'

export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

export type OperationId = keyof operations

type Content<T> = T extends { content: infer C } ? C[keyof C] : never

/** The body an operation sends (form fields before they are serialised, for a form). */
export type RequestBody<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: infer C }
}
  ? C[keyof C]
  : never

/** The documented answer of an operation for a status (200 by default). */
export type Answer<
  Id extends OperationId,
  Status extends number = 200,
> = Status extends keyof operations[Id]['responses']
  ? Content<operations[Id]['responses'][Status]>
  : never

/**
 * An answer as `JSON.parse` gives it: any JSON value, or an object with the contract's field names
 * whose values are still to be checked (what `isRecord` narrows it to).
 */
export type Unchecked<T> =
  { readonly [K in keyof T]?: unknown } | string | number | boolean | null | readonly unknown[]
