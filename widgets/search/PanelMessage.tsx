import { useTranslation } from 'react-i18next'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { CloseIcon } from './icons'
import styles from './Search.module.css'

export function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search')
  return (
    <IconButton className={styles.iconButton} label={t('search.close')} onClick={() => onClose()}>
      <CloseIcon />
    </IconButton>
  )
}

interface PanelMessageProps {
  onClose: () => void
  /** `status` while the panel's code loads, `alert` when it cannot work. */
  role: 'status' | 'alert'
  text: string
}

/** Shown while the panel's code loads, and when it cannot work: the modal can always be closed. */
export function PanelMessage({ onClose, role, text }: PanelMessageProps) {
  return (
    <div className={styles.message}>
      <div className={styles.messageBar}>
        <CloseButton onClose={onClose} />
      </div>
      <p role={role} className={styles.note}>
        {text}
      </p>
    </div>
  )
}
