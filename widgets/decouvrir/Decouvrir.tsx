import { useEffect, useId, useRef } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useEditorialEntries } from '../../src/api/collections'
import { getBus } from '../../src/bus/bus'
import { useT } from '../../src/i18n/locale-context'
import type { DecouvrirProps } from './index'
import styles from './Decouvrir.module.css'

/**
 * Entry titles linking to their pages; hovering or focusing one selects it in the side slider.
 * The slider is a nested `slider` tag that the mount runtime mounts (a widget never imports
 * another); the two talk through the `slider:select` bus event.
 */
export default function Decouvrir({ props, locale }: WidgetComponentProps<DecouvrirProps>) {
  const t = useT('decouvrir')
  const headingId = useId()
  const query = useEditorialEntries(props.collection, locale)
  const entries = query.data ?? []
  const last = useRef(-1)

  const logged = useRef<unknown>(null)
  useEffect(() => {
    if (query.error && logged.current !== query.error) {
      logged.current = query.error
      console.error(
        `[wine-widgets] decouvrir: the "${props.collection}" entries could not be loaded`,
        query.error,
      )
    }
  }, [query.error, props.collection])

  const select = (index: number) => {
    if (last.current === index) return
    last.current = index
    getBus().emit('slider:select', { collection: props.collection, index })
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
                  <a href={entry.url} onMouseEnter={() => select(i)} onFocus={() => select(i)}>
                    {entry.title}
                  </a>
                ) : (
                  <span onMouseEnter={() => select(i)}>{entry.title}</span>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.side}>
            <div data-widget="slider" data-collection={props.collection} />
          </div>
        </div>
      )}
    </section>
  )
}
