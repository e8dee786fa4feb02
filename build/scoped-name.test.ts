import { describe, expect, it } from 'vitest'
import { scopedNames } from './scoped-name'

describe('CSS module class names', () => {
  it('are ww- and 5 characters, the same for the same module and class wherever the project is', () => {
    const here = scopedNames('/work/a/')
    const there = scopedNames('/home/b/')
    const name = here('panel', '/work/a/widgets/cart/Cart.module.css')
    expect(name).toMatch(/^ww-[\w-]{5}$/)
    expect(there('panel', '/home/b/widgets/cart/Cart.module.css?used')).toBe(name)
    expect(here('panel', '/work/a/widgets/cart/Cart.module.css')).toBe(name)
    expect(here('title', '/work/a/widgets/cart/Cart.module.css')).not.toBe(name)
  })

  it('lengthen a name another class already has, so two classes never share one', () => {
    // A digest whose first 5 characters are the same for every class: the worst case.
    const names = scopedNames('/p/', (text) => `AAAAA${text.length}${text}`.replace(/[^\w-]/g, '_'))
    const first = names('a', '/p/x.module.css')
    const second = names('b', '/p/x.module.css')
    expect(first).toBe('ww-AAAAA')
    expect(second).not.toBe(first)
    expect(second.startsWith('ww-AAAAA')).toBe(true)
    // Asked again, each keeps its own.
    expect(names('a', '/p/x.module.css')).toBe(first)
    expect(names('b', '/p/x.module.css')).toBe(second)
  })
})
