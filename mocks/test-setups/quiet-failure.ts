/**
 * Test set-up for the widgets that show a quiet empty state when their content cannot be loaded
 * (carousel, index, slider, decouvrir): one test a fault.
 */
import { expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWidget } from '../render-widget'
import { setFault, type CallName } from '../faults'
import type { AnyWidgetDefinition } from '../../src/props/schema'
import type { Locale } from '../../src/domain/types'
import type { NamedFault } from './faults'
import { answerTo, loggedCallFailure } from './console'

export interface QuietFailure {
  widget: AnyWidgetDefinition
  /** The locale it is rendered in (named in the test titles too). */
  locale: Locale
  attributes: Record<string, string>
  /** The call that fails. */
  call: CallName
  /** The empty state's text. */
  empty: string
  /** What the logged error says, for the editor. */
  logged: string
  /**
   * The call `call` is (`GET /api/collections/slider/entries`): the line ends with it and its
   * answer, then who must answer it (`where`, the site by default).
   */
  endpoint: string
  where?: string
  /** More checks once the empty state shows. */
  alsoCheck?: () => void
}

/**
 * One test a fault, titled "shows a quiet empty state after <fault> (<locale>)": with `call`
 * failing so, the widget shows its empty state and logs the failure (the console kept quiet).
 */
export function itShowsQuietEmptyStateAfter(faults: NamedFault[], failure: QuietFailure) {
  it.each(faults)(`shows a quiet empty state after %s (${failure.locale})`, async (_, fault) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    setFault(failure.call, fault)
    await renderWidget(failure.widget, { locale: failure.locale, attributes: failure.attributes })
    expect(await screen.findByText(failure.empty)).toBeInTheDocument()
    failure.alsoCheck?.()
    expect(error).toHaveBeenCalledWith(
      ...loggedCallFailure(failure.logged, failure.endpoint, answerTo(fault), failure.where),
    )
  })
}
