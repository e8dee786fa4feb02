import { defineWidget } from '../../src/props/schema'

export const resetPassword = defineWidget('reset-password', {
  load: () => import('./ResetPassword'),
})
