import { defineWidget } from '../../src/props/schema'
import { prefetchEditorial } from '../../src/props/prefetch-editorial'
import { props } from './props'

export const decouvrir = defineWidget('decouvrir', {
  props,
  load: () => import('./Decouvrir'),
  places: ['slider'],
  prefetch: prefetchEditorial('decouvrir'),
})
