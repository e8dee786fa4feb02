import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CONTRACT_PATH,
  GUIDE_PATH,
  TYPES_PATH,
  generateGuide,
  generateTypes,
} from '../../contract/generate'
import { ContractCheck } from '../../mocks/contract-check'
import { collectionEntriesUrl } from './collection-url'

const check = new ContractCheck(readFileSync(CONTRACT_PATH, 'utf8'))
const SRC = join(import.meta.dirname, '..')

/** Whether some operation of the contract (any method) is served at this address. */
const inContract = (address: string) => {
  const url = new URL(address, 'https://shop.example')
  return check.routes.some((r) => !r.host && r.path.test(url.pathname))
}

describe('the contract (contract/openapi.yaml)', () => {
  it('matches its generated types (npm run contract:generate)', async () => {
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(await generateTypes())
  }, 60_000)

  it('matches its generated integration guide (npm run contract:generate)', async () => {
    expect(readFileSync(GUIDE_PATH, 'utf8')).toBe(await generateGuide())
  })

  it('describes every address constant of src/ (the back office and CMS calls)', () => {
    const constants = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [
          ...readFileSync(join(SRC, file), 'utf8').matchAll(/export const (\w+_URL) = '([^']+)'/g),
        ].map(([, name, value]) => ({ name, value: value! })),
      )
    // The known set, so a constant the pattern stops finding cannot pass unseen.
    expect(constants.length).toBeGreaterThanOrEqual(18)
    expect(constants.filter((c) => !inContract(c.value))).toEqual([])
  })

  it('describes the addresses the clients build: collections, rules decisions', () => {
    expect(inContract(collectionEntriesUrl('regions', 'fr', ['title', 'url']))).toBe(true)
    for (const decision of ['shipping', 'loyalty'])
      expect(inContract(`/api/rules/evaluate/${decision}`)).toBe(true)
    expect(inContract('/api/rules/evaluate/discounts')).toBe(false)
  })
})
