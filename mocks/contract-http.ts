/**
 * MSW's `http` typed by the contract (openapi-msw over src/api/contract.ts, generated from
 * contract/openapi.yaml): a mock handler's path must be one of the contract's operations for its
 * method, so a mock of a call the contract does not describe does not compile. The answers' bodies
 * are checked with `satisfies Answer<'operationId'>` where the handlers build them.
 */
import { createOpenApiHttp, type PathsFor } from 'openapi-msw'
import type { paths } from '../src/api/contract'

export const contractHttp = createOpenApiHttp<paths>()

/** The contract's paths a POST handler may serve. */
export type ContractPostPath = PathsFor<typeof contractHttp.post>
