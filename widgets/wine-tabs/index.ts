import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const wineTabs = defineWidget('wine-tabs', {
  props,
  load: () => import('./WineTabs'),
})
