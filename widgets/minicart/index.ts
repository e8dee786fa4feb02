import { defineWidget } from '../../src/props/schema'

export const minicart = defineWidget('minicart', { load: () => import('./Minicart') })
