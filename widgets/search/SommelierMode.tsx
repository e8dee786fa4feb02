import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '../../src/domain/types'
import { WidgetTag, useWidgetAvailable } from '../../src/ui/widget-tag/WidgetTag'
import { MagnifierIcon } from './icons'
import { CloseButton } from './PanelMessage'
import styles from './Search.module.css'

interface SommelierModeProps {
  locale: Locale
  onBack: () => void
  onClose: () => void
}

/**
 * Sommelier mode: the chat is the `sommelier` widget, mounted by the runtime from the tag below
 * (a widget never imports another). Until that widget is registered, a short note shows instead.
 */
export function SommelierMode({ locale, onBack, onClose }: SommelierModeProps) {
  const { t } = useTranslation('search')
  const back = useRef<HTMLButtonElement>(null)
  const available = useWidgetAvailable('sommelier')
  // Focus moves with the mode (the button that switched it is hidden now); the chat, when there,
  // brings its own header with close and back-to-search buttons and takes focus itself.
  useEffect(() => {
    if (!available) back.current?.focus()
  }, [available])
  if (available)
    return (
      <div data-sommelier-slot="" className={`${styles.sommelier} ${styles.slot}`}>
        <WidgetTag widget="sommelier" attributes={{ mode: 'chat', locale }} />
      </div>
    )
  return (
    <div className={styles.sommelier}>
      <div className={styles.topBar}>
        <button ref={back} type="button" className={styles.textButton} onClick={onBack}>
          <MagnifierIcon />
          <span>{t('search.backToSearch')}</span>
        </button>
        <span className={styles.spacer} />
        <CloseButton onClose={onClose} />
      </div>
      <div data-sommelier-slot="" className={styles.slot}>
        <p className={styles.note}>{t('search.sommelierSoon')}</p>
      </div>
    </div>
  )
}
