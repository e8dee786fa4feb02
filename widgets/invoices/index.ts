import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the invoices are the logged-in user's, in the page's locale. */
const props = {} as const satisfies PropsSchema

export type InvoicesProps = PropsOf<typeof props>

export const invoices = defineWidget({
  name: 'invoices',
  description:
    'Invoice history of the logged-in customer, newest first, each invoice an accordion with its wines; logged-out visitors get the login panel.',
  example: '<div data-widget="invoices"></div>',
  props,
  load: () => import('./Invoices'),
})
