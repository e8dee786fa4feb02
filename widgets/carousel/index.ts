import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const carousel = defineWidget('carousel', {
  props,
  load: () => import('./Carousel'),
})
