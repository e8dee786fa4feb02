import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/** No attributes: the page's locale decides the texts and where logout leads. */
const props = {} as const satisfies PropsSchema

export type LoginProps = PropsOf<typeof props>

export const login = defineWidget({
  name: 'login',
  description:
    'Login page: login, forgot-password and sign-up forms; once logged in, who is logged in and a logout button.',
  example: '<div data-widget="login"></div>',
  props,
  load: () => import('./Login'),
})
