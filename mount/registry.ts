import type { AnyWidgetDefinition } from '../src/props/schema'
import { quotes } from '../widgets/quotes/index'
import { consent } from '../widgets/consent/index'
import { giftbox } from '../widgets/giftbox/index'

/**
 * The one list of widgets. Only widgets that really exist are registered; the catalogue page and
 * the README's tag reference are generated from these definitions.
 */
export const registry: readonly AnyWidgetDefinition[] = [quotes, consent, giftbox]
