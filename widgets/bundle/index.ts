import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const bundle = defineWidget('bundle', {
  props,
  load: () => import('./Bundle'),
})
