import { produce } from 'immer'
import type { StoreState } from './state'
import type { Recipe } from './store-types'

/** `recipe` applied to `base`, and what it returned (immer would take a returned value as the state). */
export function applyRecipe<T>(
  base: StoreState,
  recipe: Recipe<T>,
): { state: StoreState; result: T } {
  let result: T | undefined
  const next = produce(base, (draft) => {
    result = recipe(draft, base)
  })
  // The recipe ran (produce calls it synchronously): result holds its return value.
  return { state: next, result: result as T }
}
