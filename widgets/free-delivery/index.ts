import { defineWidget } from '../../src/props/schema'

export const freeDelivery = defineWidget('free-delivery', { load: () => import('./FreeDelivery') })
