import { defineWidget, type PropsOf, type PropsSchema } from '../../src/props/schema'

/**
 * No attributes: the email and token come from the page's query string (`?email=…&token=…`, the
 * link the forgot-password form e-mails), and the page's locale decides the texts and "home".
 */
const props = {} as const satisfies PropsSchema

export type ResetPasswordProps = PropsOf<typeof props>

export const resetPassword = defineWidget({
  name: 'reset-password',
  description:
    'Reset-password page (target of the e-mailed link ?email=…&token=…): new password and confirmation, then home after 4 seconds; without an email in the link it goes home at once.',
  example: '<div data-widget="reset-password"></div>',
  props,
  load: () => import('./ResetPassword'),
})
