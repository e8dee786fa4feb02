/**
 * Known differences between a client or a mock and the contract (contract/openapi.yaml) whose fix
 * is under way elsewhere: reported, not failed. The coverage reporter (./contract-coverage.ts)
 * fails a run of the whole suite once one is no longer seen, so its entry goes as soon as the fix
 * lands. A module of its own: the reporter reads it without loading the validator.
 */
export const PENDING_DRIFT: readonly { operation: string; part: string; reason: string }[] = []
