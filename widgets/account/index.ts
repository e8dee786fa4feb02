import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the page's locale decides the texts, the invoices' language and where logout leads. */
const props = {} as const satisfies PropsSchema

export type AccountProps = PropsOf<typeof props>

export const account = defineWidget({
  name: 'account',
  description:
    'Customer account page: a greeting with the user’s name, a logout button and an "Orders" tab with the invoice history; logged-out visitors get the login panel.',
  example: '<div data-widget="account"></div>',
  props,
  load: () => import('./Account'),
})
