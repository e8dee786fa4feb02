import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { Locale } from '../../src/domain/types'
import { useTranslation } from 'react-i18next'
import { useFirstResults } from './first-search'
import { FIRST_HITS, PanelFrame, ResultsView, SEARCH_FIELD, hitCells } from './PanelFrame'
import box from './SearchBox.module.css'

interface PanelPreviewProps {
  locale: Locale
  onSommelier: () => void
  onClose: () => void
  /** What the shopper types in the preview's field, for the panel's to take over. */
  onType: (text: string) => void
  /** Shown until the first wines are in (a note and a close button: little to draw at the tap). */
  loading: ReactNode
}

/**
 * What the search panel shows while its code loads and renders: a loading note, then its frame
 * with the wines of the first search as soon as they are in (sent at the tap). The filters wait
 * for the panel (inert); the search field takes text, and the sommelier and close buttons work.
 */
export function PanelPreview({ locale, onSommelier, onClose, onType, loading }: PanelPreviewProps) {
  const { t } = useTranslation('search')
  const id = useId()
  const first = useFirstResults()
  const close = useRef<HTMLButtonElement>(null)
  const shown = first !== null
  // The loading note's close button had the focus, and went with the note: the frame's takes it.
  // Not in a closed dialog (kept in the page, hidden): nothing of it had the focus.
  useLayoutEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (shown && lost && !close.current?.closest('[hidden]')) close.current?.focus()
  }, [shown])
  if (!first) return loading
  return (
    <PanelFrame
      barId={`${id}-bar`}
      barOpen={false}
      onSommelier={onSommelier}
      onClose={onClose}
      closeRef={close}
      searchBox={
        // The search box's place and look (its label is visually hidden: no box of its own).
        // Typing works: the panel's box takes the text over when it shows.
        <form role="search" className={box.searchForm} onSubmit={(e) => e.preventDefault()}>
          <input
            {...SEARCH_FIELD}
            aria-label={t('search.inputLabel')}
            className={box.input}
            placeholder={t('search.placeholder')}
            onChange={(event) => onType(event.currentTarget.value)}
          />
        </form>
      }
      bar={null}
    >
      <ResultsView
        count={first.nbHits}
        noHits={first.hits.length === 0}
        cards={hitCells(first.hits.slice(0, FIRST_HITS), locale, first.Card)}
      />
    </PanelFrame>
  )
}
