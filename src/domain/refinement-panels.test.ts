import { describe, expect, it } from 'vitest'
import {
  REFINEMENT_PANELS,
  initialPanels,
  panelsReducer,
  type PanelsAction,
  type PanelsState,
} from './refinement-panels'

const run = (actions: PanelsAction[], from: PanelsState = initialPanels) =>
  actions.reduce(panelsReducer, from)

const toggle = (panel: (typeof REFINEMENT_PANELS)[number]): PanelsAction => ({
  type: 'togglePanel',
  panel,
})

describe('refinement panels on small screens', () => {
  it('has five panels: grapes, regions, colours, methods, prices', () => {
    expect(REFINEMENT_PANELS).toEqual(['grapes', 'regions', 'colors', 'methods', 'prices'])
  })

  it.each<[string, PanelsAction[], PanelsState]>([
    ['starts with the bar hidden and no panel open', [], { barOpen: false, open: null }],
    ['the filter button shows the bar', [{ type: 'toggleBar' }], { barOpen: true, open: null }],
    [
      'the filter button hides the bar again',
      [{ type: 'toggleBar' }, { type: 'toggleBar' }],
      { barOpen: false, open: null },
    ],
    [
      'an icon button opens its panel',
      [{ type: 'toggleBar' }, toggle('grapes')],
      { barOpen: true, open: 'grapes' },
    ],
    [
      'opening another panel closes the first (at most one open)',
      [{ type: 'toggleBar' }, toggle('grapes'), toggle('prices')],
      { barOpen: true, open: 'prices' },
    ],
    [
      'pressing the open one closes it',
      [{ type: 'toggleBar' }, toggle('regions'), toggle('regions')],
      { barOpen: true, open: null },
    ],
    [
      'the bar close button hides the bar and its panel',
      [{ type: 'toggleBar' }, toggle('colors'), { type: 'closeBar' }],
      { barOpen: false, open: null },
    ],
    [
      'hiding the bar with the filter button closes the open panel',
      [{ type: 'toggleBar' }, toggle('methods'), { type: 'toggleBar' }],
      { barOpen: false, open: null },
    ],
    [
      'reopening the bar shows no panel',
      [{ type: 'toggleBar' }, toggle('methods'), { type: 'closeBar' }, { type: 'toggleBar' }],
      { barOpen: true, open: null },
    ],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions)).toEqual(expected)
  })

  it('never has more than one panel open, whatever the sequence', () => {
    const actions: PanelsAction[] = [
      { type: 'toggleBar' },
      ...REFINEMENT_PANELS.map(toggle),
      ...REFINEMENT_PANELS.map(toggle).reverse(),
      toggle('grapes'),
      toggle('grapes'),
    ]
    let state = initialPanels
    for (const action of actions) {
      state = panelsReducer(state, action)
      expect(state.open === null || REFINEMENT_PANELS.includes(state.open)).toBe(true)
      if (state.open) expect(state.barOpen).toBe(true)
    }
  })

  it('keeps the same state object when closing a closed bar', () => {
    expect(panelsReducer(initialPanels, { type: 'closeBar' })).toBe(initialPanels)
  })
})
