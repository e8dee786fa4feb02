import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const sommelier = defineWidget('sommelier', {
  props,
  load: () => import('./Sommelier'),
})
