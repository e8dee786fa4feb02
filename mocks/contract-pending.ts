/**
 * Known differences between a client or a mock and the contract (contract/openapi.yaml) whose fix
 * is under way elsewhere: seen, not failed, until the fix lands and the entry goes.
 */
export const PENDING_DRIFT: readonly { operation: string; part: string; reason: string }[] = [
  {
    operation: 'POST /api/sommelier',
    part: 'request',
    reason:
      'the sommelier client still sends the upstream chat-completions body (model, temperature, ' +
      'stream, a system message); the contract has the proxy body { locale, messages }',
  },
]
