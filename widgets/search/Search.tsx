import { Suspense, lazy, memo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { WidgetComponentProps } from '../../src/props/schema'
import { ErrorBoundary } from '../../src/ui/ErrorBoundary'
import { Modal } from '../../src/ui/modal/Modal'
import { MagnifierIcon } from './icons'
import styles from './Search.module.css'
import { PanelPreview } from './PanelPreview'
import { PanelMessage } from './PanelMessage'
import { SommelierMode } from './SommelierMode'
import { loadPanel, useSearchModal } from './use-search-modal'
// The panel's stylesheets load with the button, in the site chunk's stylesheet: opening the
// panel waits for its script alone, not for a stylesheet too.
import './SearchBox.module.css'
import './SearchPanel.module.css'
import './RefinementList.module.css'

// Memo: the panel re-renders for its own props only, not when the preview goes.
const SearchPanel = memo(lazy(loadPanel))

/**
 * The `search` widget: a magnifier button for the header and the page's full-screen modal with
 * its two modes, search and sommelier. Any widget opens it with the bus event
 * `modal:open` `{ mode }`; closing emits `modal:close` and clears the sommelier conversation.
 * A page that loads with a search in its query string opens it in search mode. What it draws
 * comes from `useSearchModal` (opening, early showing, closing, the focus hand-over).
 */
export default function Search({ locale }: WidgetComponentProps) {
  const { t } = useTranslation('search')
  const trigger = useRef<HTMLButtonElement>(null)
  const {
    isOwner,
    mode,
    searchMounted,
    panelShown,
    prepared,
    dialog,
    modeBox,
    slot,
    field,
    returnFocus,
    dialogLabel,
    close,
    toSommelier,
    toSearch,
    onType,
    onPanelRendered,
    triggerHandlers,
  } = useSearchModal(locale, trigger)

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t('search.open')}
        title={t('search.open')}
        aria-haspopup="dialog"
        {...triggerHandlers}
      >
        <MagnifierIcon />
      </button>
      {isOwner && (
        <Modal
          ref={dialog}
          open={mode !== null}
          onClose={close}
          label={dialogLabel(mode)}
          returnFocus={returnFocus}
          keepLaidOut={prepared}
        >
          {/* Closed, the search mode is what the dialog keeps: most openings are searches. */}
          {(searchMounted || mode !== 'sommelier') && (
            <div ref={modeBox} className={styles.mode} hidden={mode === 'sommelier'}>
              <ErrorBoundary
                name="search"
                fallback={() => (
                  <PanelMessage onClose={close} role="alert" text={t('search.error')} />
                )}
              >
                {!panelShown && (
                  <PanelPreview
                    locale={locale}
                    onSommelier={toSommelier}
                    onClose={close}
                    onType={onType}
                    loading={
                      <PanelMessage onClose={close} role="status" text={t('search.stalled')} />
                    }
                  />
                )}
                {searchMounted && (
                  <Suspense fallback={null}>
                    <div ref={slot} className={styles.slot} hidden={!panelShown}>
                      <SearchPanel
                        locale={locale}
                        active={mode === 'search'}
                        onClose={close}
                        onSommelier={toSommelier}
                        onRendered={onPanelRendered}
                        fieldRef={field}
                      />
                    </div>
                  </Suspense>
                )}
              </ErrorBoundary>
            </div>
          )}
          {mode === 'sommelier' && (
            <SommelierMode locale={locale} onBack={toSearch} onClose={close} />
          )}
        </Modal>
      )}
    </>
  )
}
