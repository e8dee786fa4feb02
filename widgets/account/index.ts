import { defineWidget } from '../../src/props/schema'

export const account = defineWidget('account', { load: () => import('./Account') })
