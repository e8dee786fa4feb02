import { describe, expect, it } from 'vitest'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importProblem } from '../eslint.config.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The lint rule that keeps docs/architecture.md's dependency direction (eslint.config.js). */
describe('dependency-direction lint rule', () => {
  it.each([
    ['widgets/cart/Cart.tsx', '../minicart/Minicart', /never imports another widget/],
    ['widgets/cart/Cart.tsx', '../../mount/root', /depends on src\/ only/],
    ['widgets/cart/Cart.tsx', '../../mocks/db', /depends on src\/ only/],
    ['src/store/store.ts', '../../widgets/cart/index', /never imports widgets/],
    ['src/store/store.ts', '../../mocks/node', /never imports mocks/],
    ['src/domain/cart.ts', '../store/store', /pure rules/],
    ['src/domain/cart.ts', 'immer', /pure rules/],
    ['mount/registry.ts', '../widgets/cart/Cart', /only widgets\/<name>\/index.ts/],
    ['src/ui/modal/Modal.tsx', '../../features/login-panel/LoginPanel', /presentational/],
    [
      'src/services/sommelier/chat-stream.ts',
      '../../../server/sommelier/prompt',
      /never imports server/,
    ],
    ['widgets/sommelier/Chat.tsx', '../../server/sommelier/request', /never imports server/],
    ['server/sommelier/handler.ts', '../../src/store/store', /only src\/domain/],
    ['server/sommelier/handler.ts', '../../widgets/sommelier/Chat', /never imports browser code/],
    ['server/sommelier/handler.ts', '../../mocks/sommelier', /test doubles/],
  ])('%s importing %s is refused', (file, source, message) => {
    expect(importProblem(resolve(ROOT, file), source)).toMatch(message)
  })

  it.each([
    ['widgets/cart/Cart.tsx', './CartPage'],
    ['widgets/cart/sub/Box.tsx', '../CartPage'],
    ['widgets/cart/Cart.tsx', '../../src/store/store'],
    ['widgets/cart/Cart.test.tsx', '../../mocks/render-widget'],
    ['src/http/http.test.ts', '../../mocks/node'],
    ['src/domain/cart.ts', './money'],
    ['src/domain/cart.test.ts', 'vitest'],
    ['mount/registry.ts', '../widgets/cart/index'],
    ['mount/root.tsx', '../src/store/store'],
    ['src/features/invoice-list/InvoiceList.tsx', '../../ui/accordion/Accordion'],
    ['widgets/cart/CartPage.tsx', '../../src/features/login-panel/LoginPanel'],
    ['server/sommelier/prompt.ts', '../../src/domain/sommelier-pairings'],
    ['server/sommelier/handler.ts', '../limits'],
    ['mocks/sommelier.ts', '../server/sommelier/request'],
  ])('%s importing %s is allowed', (file, source) => {
    expect(importProblem(resolve(ROOT, file), source)).toBeNull()
  })
})
