import { defineWidget } from '../../src/props/schema'

export const login = defineWidget('login', { load: () => import('./Login') })
