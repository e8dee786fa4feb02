import { defineWidget } from '../../src/props/schema'

export const giftbox = defineWidget('giftbox', { load: () => import('./Giftbox') })
