import { useId, useRef, useState, type MouseEvent, type PointerEvent } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useEditorialEntries } from '../../src/api/collections'
import { getBus } from '../../src/bus/bus'
import { useTranslation } from 'react-i18next'
import type { DecouvrirProps } from './props'
import styles from './Decouvrir.module.css'
import { WidgetTag } from '../../src/ui/widget-tag/WidgetTag'
import { useReportError } from '../../src/report/use-report-error'

/**
 * Entry titles linking to their pages; hovering or focusing one selects it in the side slider,
 * and on a touch screen a first tap selects it (a second one follows the link).
 * The slider is a nested `slider` tag that the mount runtime mounts (a widget never imports
 * another); the two talk through the `slider:select` bus event.
 */
export default function Decouvrir({
  props,
  locale,
  element,
}: WidgetComponentProps<DecouvrirProps>) {
  const { t } = useTranslation('decouvrir')
  const headingId = useId()
  const query = useEditorialEntries(props.collection, locale, 'decouvrir')
  const entries = query.data ?? []
  const last = useRef(-1)
  // The entry a finger just pressed: its tap selects it first (no hover on touch screens).
  const pressed = useRef<{ index: number; touch: boolean } | null>(null)
  const [selected, setSelected] = useState(-1)

  useReportError(query.error, {
    widget: 'decouvrir',
    area: 'data',
    message: `decouvrir: the "${props.collection}" entries could not be loaded`,
    element,
  })

  const select = (index: number) => {
    setSelected(index)
    if (last.current === index) return
    last.current = index
    getBus().emit('slider:select', { collection: props.collection, index })
  }

  // Touch: a first tap on an entry shows it in the slider, a second tap follows its link. A
  // mouse (hover already showed it), the keyboard and screen readers follow the link at once.
  const onPointerDown = (index: number, event: PointerEvent<HTMLElement>) => {
    pressed.current = { index, touch: event.pointerType === 'touch' || event.pointerType === 'pen' }
  }
  const onClick = (index: number, event: MouseEvent<HTMLAnchorElement>) => {
    const press = pressed.current
    pressed.current = null
    if (press?.touch && press.index === index && selected !== index) {
      event.preventDefault()
      select(index)
    }
  }
  const onFocus = (index: number) => {
    // A tap focuses the link before its click: the click decides, as above.
    if (pressed.current?.touch && pressed.current.index === index) return
    select(index)
  }

  const header = props.header?.trim()
  const explain = props.explain?.trim()

  return (
    <section
      className={styles.decouvrir}
      {...(header ? { 'aria-labelledby': headingId } : { 'aria-label': t('decouvrir.label') })}
    >
      {header && (
        <h2 id={headingId} className={styles.header}>
          {header}
        </h2>
      )}
      {explain && <p className={styles.explain}>{explain}</p>}
      {query.isPending ? (
        <div className={styles.placeholder} aria-hidden="true" />
      ) : entries.length === 0 ? (
        <p className={styles.empty}>{t('decouvrir.empty')}</p>
      ) : (
        <div className={styles.body}>
          <ul className={styles.list}>
            {entries.map((entry, i) => (
              <li key={`${entry.title}-${i}`}>
                {entry.url ? (
                  <a
                    href={entry.url}
                    data-selected={selected === i || undefined}
                    onPointerEnter={(e) => e.pointerType === 'mouse' && select(i)}
                    onPointerDown={(e) => onPointerDown(i, e)}
                    onPointerCancel={() => (pressed.current = null)}
                    onClick={(e) => onClick(i, e)}
                    onFocus={() => onFocus(i)}
                  >
                    {entry.title}
                  </a>
                ) : (
                  // An entry without a link: pointing or tapping shows it in the slider beside,
                  // whose own buttons do the same for keyboards.
                  // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
                  <span
                    data-selected={selected === i || undefined}
                    onPointerEnter={(e) => e.pointerType === 'mouse' && select(i)}
                    onClick={() => select(i)}
                  >
                    {entry.title}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.side}>
            <WidgetTag widget="slider" attributes={{ collection: props.collection }} />
          </div>
        </div>
      )}
    </section>
  )
}
