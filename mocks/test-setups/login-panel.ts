/**
 * Test set-up for the widgets that show the login panel to a logged-out visitor (account,
 * invoices).
 */
import { expect } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../render-widget'
import { callsOf } from '../db'
import type { AnyWidgetDefinition } from '../../src/props/schema'
import { logInInEnglish } from './session'

/**
 * Renders the widget in English for a logged-out visitor: the login panel shows its `heading`
 * and `prompt` and no invoices are asked for; then logs in through it as `email`.
 */
export async function logInFromThePanel(
  widget: AnyWidgetDefinition,
  panel: { heading: string; prompt: string },
  email: string,
  password: string,
) {
  const user = userEvent.setup()
  await renderWidget(widget, { locale: 'en' })
  expect(await screen.findByRole('heading', { name: panel.heading })).toBeVisible()
  expect(screen.getByText(panel.prompt)).toBeVisible()
  expect(callsOf('getinvoices')).toEqual([])
  await logInInEnglish(user, email, password)
}
