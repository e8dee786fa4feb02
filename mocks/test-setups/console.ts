import { expect } from 'vitest'

/**
 * The console.error arguments of a logged failure: a message that contains `text`, then what went
 * wrong. `expect(error).toHaveBeenCalledWith(...loggedFailure('faq: no question/answer pairs'))`.
 */
export const loggedFailure = (text: string) =>
  [expect.stringContaining(text), expect.anything()] as const
