import { defineWidget } from '../../src/props/schema'
import { prefetchEditorial } from '../../src/props/prefetch-editorial'
import { props } from './props'

export const index = defineWidget('index', {
  props,
  load: () => import('./Index'),
  places: ['slider'],
  prefetch: prefetchEditorial('index'),
})
