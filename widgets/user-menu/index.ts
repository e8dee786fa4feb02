import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the links follow the page's locale. */
const props = {} as const satisfies PropsSchema

export type UserMenuProps = PropsOf<typeof props>

export const userMenu = defineWidget({
  name: 'user-menu',
  description:
    "Header user menu: a login icon when logged out; the user's initial linking to the club page when logged in.",
  example: '<div data-widget="user-menu"></div>',
  props,
  load: () => import('./UserMenu'),
})
