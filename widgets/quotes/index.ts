import { defineDomWidget } from '../../src/props/schema'
import { props } from './props'

export const quotes = defineDomWidget('quotes', {
  props,
  load: () => import('./Quotes'),
})
