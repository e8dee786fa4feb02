import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const faq = defineWidget('faq', {
  props,
  load: () => import('./Faq'),
})
