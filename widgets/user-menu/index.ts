import { defineWidget } from '../../src/props/schema'

export const userMenu = defineWidget('user-menu', { load: () => import('./UserMenu') })
