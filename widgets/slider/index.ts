import { defineWidget } from '../../src/props/schema'
import { prefetchEditorial } from '../../src/props/prefetch-editorial'
import { props } from './props'

export const slider = defineWidget('slider', {
  props,
  load: () => import('./Slider'),
  prefetch: prefetchEditorial('slider'),
})
