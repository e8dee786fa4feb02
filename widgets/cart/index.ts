import { defineWidget } from '../../src/props/schema'

export const cart = defineWidget('cart', { load: () => import('./Cart') })
