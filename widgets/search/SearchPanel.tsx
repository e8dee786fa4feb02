import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useState,
  type JSX,
  type Ref,
} from 'react'
import type { UiState } from 'instantsearch.js'
import { Configure, InstantSearch } from 'react-instantsearch'
import type { Locale } from '../../src/domain/types'
import {
  REFINEMENT_ATTRIBUTES,
  STALLED_SEARCH_DELAY_MS,
  type SearchState,
} from '../../src/domain/search-state'
import {
  REFINEMENT_PANELS,
  initialPanels,
  panelsReducer,
  type RefinementPanel,
} from '../../src/domain/refinement-panels'
import { wineColorOf } from '../../src/domain/wine-color'
import { badgeFallbackLabel, wineBadgeOf } from '../../src/domain/wine-badge'
import { priceLevelSigns } from '../../src/domain/price-level'
import { normalizeHits } from '../../src/domain/wine-hit'
import { getSearchClient } from '../../src/services/search-client'
import { wineIndexName } from '../../src/services/search-ahead'
import { useTranslation } from 'react-i18next'
import { i18nFor } from '../../src/i18n/i18n'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { Answered, RefinementList, type RefinementListProps } from './RefinementList'
import { Results } from './Results'
import { createStateMapping, createUrlRouter } from './url-router'
import { CloseIcon, ColorsIcon, GrapesIcon, MethodsIcon, PricesIcon, RegionsIcon } from './icons'
import frame from './Search.module.css'
import styles from './SearchPanel.module.css'
import { SearchBox, type SearchField } from './SearchBox'
import { HITS_PER_PAGE, type CardKit } from './first-search'
import { PanelFrame } from './PanelFrame'
import { IconButton } from '../../src/ui/icon-button/IconButton'

const PANEL_ICONS: Record<RefinementPanel, () => JSX.Element> = {
  grapes: GrapesIcon,
  regions: RegionsIcon,
  colors: ColorsIcon,
  methods: MethodsIcon,
  prices: PricesIcon,
}

/** What the first results' preview draws with once this chunk is in (no chunk of their own). */
export const cardKit: CardKit = { HitCard, normalizeHits }

interface PanelProps {
  locale: Locale
  /** Search mode is showing (the panel stays mounted, hidden, in sommelier mode). */
  active: boolean
  onClose: () => void
  onSommelier: () => void
  /** Called once the whole panel is in the page (it renders hidden, behind the preview). */
  onRendered: () => void
  fieldRef: Ref<SearchField>
}

function Layout({
  locale,
  active,
  onClose,
  onSommelier,
  fieldRef,
}: Omit<PanelProps, 'onRendered'>) {
  const { t } = useTranslation(['search', 'wine'])
  const id = useId()
  const [panels, dispatch] = useReducer(panelsReducer, initialPanels)
  const barId = `${id}-bar`
  const panelId = (panel: RefinementPanel) => `${id}-${panel}`

  const colorLabel = useCallback(
    (value: string) => {
      const color = wineColorOf(value)
      return color ? t(`wine.${color}`) : value
    },
    [t],
  )
  const colorMarker = useCallback((value: string) => {
    const color = wineColorOf(value)
    return color ? <span className={styles.dot} data-color={color} aria-hidden="true" /> : null
  }, [])
  const badgeLabel = useCallback(
    (value: string) => {
      const badge = wineBadgeOf(value)
      return badge ? t(`wine.${badge}`) : badgeFallbackLabel(value)
    },
    [t],
  )
  // Lazy: on a phone the lists are hidden until the shopper opens them, and an image parsed
  // meanwhile (an SVG is a document of its own) held back the first results' paint.
  const badgeMarker = useCallback(
    (value: string) => (
      <img
        className={styles.badge}
        src={value}
        alt=""
        width={18}
        height={18}
        loading="lazy"
        decoding="async"
      />
    ),
    [],
  )
  const priceLabel = useCallback((value: string) => priceLevelSigns(value) || value, [])
  const priceSpoken = useCallback((value: string) => t('wine.priceLevel', { level: value }), [t])

  // Each panel's lists, in order: the attribute and how its values read.
  const lists: Record<RefinementPanel, RefinementListProps[]> = useMemo(() => {
    const badge = { labelOf: badgeLabel, markerOf: badgeMarker, sortByLabel: true }
    return {
      grapes: [{ attribute: REFINEMENT_ATTRIBUTES.grapes, title: t('search.grapes') }],
      regions: [{ attribute: REFINEMENT_ATTRIBUTES.regions, title: t('search.regions') }],
      colors: [
        {
          attribute: REFINEMENT_ATTRIBUTES.colors,
          title: t('search.colors'),
          labelOf: colorLabel,
          markerOf: colorMarker,
          sortByLabel: true,
        },
      ],
      methods: [
        { attribute: REFINEMENT_ATTRIBUTES.methods, title: t('search.methods'), ...badge },
        { attribute: REFINEMENT_ATTRIBUTES.types, title: t('search.types'), ...badge },
      ],
      prices: [
        {
          attribute: REFINEMENT_ATTRIBUTES.prices,
          title: t('search.prices'),
          labelOf: priceLabel,
          spokenLabelOf: priceSpoken,
        },
      ],
    }
  }, [t, colorLabel, colorMarker, badgeLabel, badgeMarker, priceLabel, priceSpoken])

  // An active refinement as its list reads it (spoken form first: "price level 2 of 4", not €€).
  const refinementLabel = useCallback(
    (attribute: string, value: string) => {
      const list = Object.values(lists)
        .flat()
        .find((l) => l.attribute === attribute)
      return list?.spokenLabelOf?.(value) ?? list?.labelOf?.(value) ?? value
    },
    [lists],
  )

  return (
    <PanelFrame
      barId={barId}
      barOpen={panels.barOpen}
      onToggleBar={() => dispatch({ type: 'toggleBar' })}
      onSommelier={onSommelier}
      onClose={onClose}
      searchBox={<SearchBox active={active} fieldRef={fieldRef} />}
      bar={
        <Answered>
          <div className={`${styles.barTools} ${styles.smallOnly}`}>
            {REFINEMENT_PANELS.map((panel) => {
              const Icon = PANEL_ICONS[panel]
              return (
                <IconButton
                  key={panel}
                  className={frame.iconButton}
                  label={t(`search.${panel}`)}
                  aria-expanded={panels.open === panel}
                  aria-controls={panelId(panel)}
                  onClick={() => dispatch({ type: 'togglePanel', panel })}
                >
                  <Icon />
                </IconButton>
              )
            })}
            <span className={frame.spacer} />
            <IconButton
              className={frame.iconButton}
              label={t('search.hideFilters')}
              onClick={() => dispatch({ type: 'closeBar' })}
            >
              <CloseIcon />
            </IconButton>
          </div>
          {REFINEMENT_PANELS.map((panel) => (
            <section
              key={panel}
              id={panelId(panel)}
              className={styles.section}
              hidden={panels.open !== panel}
              aria-label={t(`search.${panel}`)}
            >
              {lists[panel].map((list) => (
                <RefinementList key={list.attribute} {...list} />
              ))}
            </section>
          ))}
        </Answered>
      }
    >
      <Results locale={locale} labelOf={refinementLabel} />
    </PanelFrame>
  )
}

/**
 * The search panel (its own chunk): InstantSearch over the locale's wine index, the state kept
 * in the query string, the top bar, the refinement lists and the results grid.
 */
export default function SearchPanel({ onRendered, ...props }: PanelProps) {
  // Load the texts before InstantSearch renders: suspending inside its tree would unmount and
  // re-register its widgets. The hit cards speak the index's locale, which may differ.
  useTranslation(['search', 'wine'])
  useTranslation('wine', { i18n: i18nFor(props.locale) })
  const indexName = wineIndexName(props.locale)
  const [routing] = useState(() => ({
    router: createUrlRouter(),
    stateMapping: createStateMapping(indexName),
  }))
  // A parent's effect runs after its whole tree's. Not a layout effect: an update from there
  // runs InstantSearch's mount effects within the commit, and it then never renders its answer.
  useEffect(() => onRendered(), [onRendered])
  return (
    <InstantSearch<UiState, SearchState>
      searchClient={getSearchClient()}
      indexName={indexName}
      routing={routing}
      stalledSearchDelay={STALLED_SEARCH_DELAY_MS}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={HITS_PER_PAGE} />
      <Layout {...props} />
    </InstantSearch>
  )
}
