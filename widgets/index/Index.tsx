import type { CSSProperties } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { useEditorialEntries } from '../../src/api/collections'
import type { EditorialEntry } from '../../src/domain/editorial'
import { indexLayout } from '../../src/domain/index-layout'
import type { IndexItem } from '../../src/domain/index-layout'
import { useTranslation } from 'react-i18next'
import type { IndexProps } from './props'
import styles from './Index.module.css'
import { WidgetTag } from '../../src/ui/widget-tag/WidgetTag'
import { useReportError } from '../../src/report/use-report-error'

const titleOf = (entry: EditorialEntry) => entry.title

function Items({ items, collection }: { items: IndexItem<EditorialEntry>[]; collection: string }) {
  const { t } = useTranslation('index')
  if (items.length === 0) return null
  return (
    <ul className={styles.list}>
      {items.map(({ item, gapBefore }, i) => (
        <li
          key={`${item.title}-${i}`}
          className={gapBefore ? styles.gap : undefined}
          data-letter-gap={gapBefore ? '' : undefined}
        >
          {item.url ? <a href={item.url}>{item.title}</a> : item.title}
          {collection === 'regions' && item.level && (
            <span className={styles.level}> ({t(`index.${item.level}`)})</span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A collection's index page body. The sliders are nested `slider` tags that the mount runtime
 * mounts (a widget never imports another), so they share this index's request for the collection.
 */
export default function Index({ props, locale, element }: WidgetComponentProps<IndexProps>) {
  const { t } = useTranslation('index')
  const query = useEditorialEntries(props.collection, locale, 'index')

  useReportError(query.error, {
    widget: 'index',
    area: 'data',
    message: `index: the "${props.collection}" entries could not be loaded`,
    element,
  })

  if (query.isPending) return <div className={styles.placeholder} aria-hidden="true" />
  const entries = query.data ?? []
  if (entries.length === 0) return <p className={styles.empty}>{t('index.empty')}</p>

  // Columns differ by one entry at most and none is empty (fewer entries → fewer columns).
  const layout = indexLayout(entries, titleOf, props.columns)
  // React's CSSProperties lists no custom properties; React sets `--*` names as they are.
  const style = { '--index-columns': String(layout.length) } as CSSProperties
  return (
    <nav className={styles.index} style={style} aria-label={t('index.label')}>
      {layout.map((column, c) => (
        <div key={c} className={styles.column}>
          {column.sliderAfter === null ? (
            <Items items={column.items} collection={props.collection} />
          ) : (
            <>
              <Items
                items={column.items.slice(0, column.sliderAfter)}
                collection={props.collection}
              />
              <div className={styles.slider}>
                {/* The first column's slider is high on the page (a phone shows it on the
                    first screen): its image loads at once, the others lazily. */}
                <WidgetTag
                  widget="slider"
                  attributes={{ collection: props.collection, priority: c === 0 ? '' : undefined }}
                />
              </div>
              <Items items={column.items.slice(column.sliderAfter)} collection={props.collection} />
            </>
          )}
        </div>
      ))}
    </nav>
  )
}
