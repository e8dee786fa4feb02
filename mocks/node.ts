import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The mock server for vitest (started in mocks/vitest-setup.ts). */
export const server = setupServer(...handlers)
