import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useState,
  type JSX,
  type ReactNode,
  type Ref,
} from 'react'
import type { UiState } from 'instantsearch.js'
import { Configure, InstantSearch, useInfiniteHits, useInstantSearch } from 'react-instantsearch'
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
import { normalizeHits, type WineHit } from '../../src/domain/wine-hit'
import { getSearchClient } from '../../src/services/search-client'
import { wineIndexName } from '../../src/services/search-ahead'
import { useReportError } from '../../src/report/use-report-error'
import { useTranslation } from 'react-i18next'
import { i18nFor } from '../../src/i18n/i18n'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { AnsweredContext, RefinementList, type RefinementListProps } from './RefinementList'
import { createStateMapping, createUrlRouter } from './url-router'
import { CloseIcon, ColorsIcon, GrapesIcon, MethodsIcon, PricesIcon, RegionsIcon } from './icons'
import frame from './Search.module.css'
import styles from './SearchPanel.module.css'
import { SearchBox, type SearchField } from './SearchBox'
import { HITS_PER_PAGE, useFirstResults, type CardKit } from './first-search'
import { useSameList } from './same-list'
import { FIRST_HITS, PanelFrame, ResultsView, hitCells } from './PanelFrame'
import { IconButton } from '../../src/ui/icon-button/IconButton'

const PANEL_ICONS: Record<RefinementPanel, () => JSX.Element> = {
  grapes: GrapesIcon,
  regions: RegionsIcon,
  colors: ColorsIcon,
  methods: MethodsIcon,
  prices: PricesIcon,
}

/**
 * Tells the refinement lists whether the search has answered yet (one subscription for all), and
 * lets them draw their values once the first answer's cards are in: the values of six lists
 * doubled the render that shows the first results.
 */
function Answered({ children }: { children: ReactNode }) {
  const { results } = useInstantSearch()
  // Before the first answer InstantSearch renders with placeholder ("artificial") results.
  const answered = !results.__isArtificial
  const [drawValues, setDrawValues] = useState(false)
  useEffect(() => {
    if (answered && !drawValues) startTransition(() => setDrawValues(true))
  }, [answered, drawValues])
  const value = useMemo(() => ({ answered, drawValues }), [answered, drawValues])
  return <AnsweredContext.Provider value={value}>{children}</AnsweredContext.Provider>
}

/** `hits` begins with the wines of `drawn`, all drawn (the same list, or a page added to it). */
const continues = (drawn: readonly WineHit[], hits: readonly WineHit[]) =>
  drawn.length > 0 && drawn.every((hit, i) => hits[i]?.objectID === hit.objectID)

/** What the first results' preview draws with once this chunk is in (no chunk of their own). */
export const cardKit: CardKit = { HitCard, normalizeHits }

function Results({ locale }: { locale: Locale }) {
  const { t } = useTranslation(['search', 'wine'])
  const { status, results, error } = useInstantSearch({ catchError: true })
  useReportError(error, {
    widget: 'search',
    area: 'data',
    message: 'search: the wines could not be searched',
  })
  const { items: given, showMore, isLastPage } = useInfiniteHits()
  // The same hits while only the status moves (the connector keeps its records while loading).
  const items = useSameList(given, Object.is)
  const ready = !results.__isArtificial
  // Until InstantSearch has read its first answer, the wines the first search brought (drawn
  // before the panel, in the same place): the cards stay while the panel takes over.
  const first = useFirstResults()
  const early = ready ? null : first
  const hits = useMemo(() => (early ? early.hits : normalizeHits(items)), [early, items])
  // Each answer's first cards are drawn at once and the rest in a transition just after: an
  // answer's render of 24 new cards was one long task that the next key waited behind. More of
  // the same list (a page added by "more wines") is drawn whole.
  const [whole, setWhole] = useState<readonly WineHit[]>([])
  const complete = hits.length <= FIRST_HITS || continues(whole, hits)
  useEffect(() => {
    if (!complete && !early) startTransition(() => setWhole(hits))
  }, [complete, early, hits])
  // The instance's status changes with every search (loading, stalled, idle) and re-renders this
  // component: the cards stay the same until the hits change (each of those renders redrew 24).
  const cards = useMemo(
    () => hitCells(complete ? hits : hits.slice(0, FIRST_HITS), locale, HitCard),
    [complete, hits, locale],
  )

  if (status === 'error')
    return (
      <p role="alert" className={frame.note}>
        {t('search.error')}
      </p>
    )

  return (
    <ResultsView
      count={ready ? results.nbHits : early ? early.nbHits : null}
      query={ready ? results.query : undefined}
      noHits={ready && hits.length === 0}
      cards={cards}
      more={
        ready &&
        complete &&
        hits.length > 0 &&
        !isLastPage && (
          <button type="button" className={styles.moreHits} onClick={showMore}>
            {t('search.moreHits')}
          </button>
        )
      }
    />
  )
}

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
      <Results locale={locale} />
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
