import { defineWidget } from '../../src/props/schema'

export const invoices = defineWidget('invoices', { load: () => import('./Invoices') })
