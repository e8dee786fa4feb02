/**
 * The refinement bar of the wine search on small screens: the filter
 * button shows or hides the bar; five icon buttons (grapes, regions, colours, methods, prices)
 * toggle one panel at a time: none open, or exactly one. Pressing the open one closes it; the
 * bar's close button hides the bar. On large screens every panel is always visible (CSS), so
 * this state only matters below the large breakpoint.
 */

export const REFINEMENT_PANELS = ['grapes', 'regions', 'colors', 'methods', 'prices'] as const
export type RefinementPanel = (typeof REFINEMENT_PANELS)[number]

export interface PanelsState {
  /** The refinement bar is shown (small screens). */
  barOpen: boolean
  /** The one open panel, or none. */
  open: RefinementPanel | null
}

export type PanelsAction =
  { type: 'toggleBar' } | { type: 'closeBar' } | { type: 'togglePanel'; panel: RefinementPanel }

export const initialPanels: PanelsState = { barOpen: false, open: null }

export function panelsReducer(state: PanelsState, action: PanelsAction): PanelsState {
  switch (action.type) {
    case 'toggleBar':
      return state.barOpen ? { barOpen: false, open: null } : { barOpen: true, open: null }
    case 'closeBar':
      return state.barOpen || state.open ? { barOpen: false, open: null } : state
    case 'togglePanel':
      // A panel button is only reachable inside the bar: opening a panel also shows the bar.
      return { barOpen: true, open: state.open === action.panel ? null : action.panel }
  }
}
