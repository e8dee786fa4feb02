import { defineWidget } from '../../src/props/schema'
import { props } from './props'

export const consent = defineWidget('consent', {
  props,
  load: () => import('./Consent'),
})
