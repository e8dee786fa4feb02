import { defineWidget } from '../../src/props/schema'

export const search = defineWidget('search', { load: () => import('./Search') })
