import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GUIDE_PATH, TYPES_PATH, generateGuide, generateTypes } from '../../contract/generate'
describe('the contract (contract/openapi.yaml)', () => {
  it('matches its generated types (npm run contract:generate)', async () => {
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(await generateTypes())
  }, 60_000)

  it('matches its generated integration guide (npm run contract:generate)', async () => {
    expect(readFileSync(GUIDE_PATH, 'utf8')).toBe(await generateGuide())
  })
})
