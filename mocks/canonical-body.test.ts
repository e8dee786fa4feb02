import { describe, expect, it } from 'vitest'
import { canonicalForm, canonicalJson } from '../contract/canonical-body'

describe("the canonical body of the contract's Idempotency-Key", () => {
  it('writes JSON with sorted keys and no white space, at every depth', () => {
    expect(canonicalJson({ b: [2, { y: 'é', x: null }], a: 1.5, c: true })).toBe(
      '{"a":1.5,"b":[2,{"x":null,"y":"é"}],"c":true}',
    )
    expect(canonicalJson(JSON.parse('{ "z" : 1e2, "a" : "q\\"" }'))).toBe('{"a":"q\\"","z":100}')
  })

  it('writes a form as its [name, value] pairs sorted by name, then value', () => {
    const fields: [string, string][] = [
      ['total', '10'],
      ['locale', 'fr'],
      ['tag', 'b'],
      ['tag', 'a'],
    ]
    expect(canonicalForm(fields)).toBe('[["locale","fr"],["tag","a"],["tag","b"],["total","10"]]')
    expect(canonicalForm(fields.reverse())).toBe(canonicalForm(fields))
  })
})
