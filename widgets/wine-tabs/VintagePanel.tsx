import type { WineVintage } from '../../src/api/products'
import { useTranslation } from 'react-i18next'
import { Tabs } from '../../src/ui/tabs/Tabs'
import { AddToCartBox } from './AddToCartBox'
import styles from './WineTabs.module.css'

export interface VintagePanelProps {
  odooCode: string
  name: string
  image?: string
  vintage: WineVintage
  volume: string | null
  onVolume: (volume: string) => void
}

/** One vintage: scores per guide, the tasting note and a tab per volume. */
export function VintagePanel({
  odooCode,
  name,
  image,
  vintage,
  volume,
  onVolume,
}: VintagePanelProps) {
  const { t } = useTranslation('wineTabs')
  const variant = vintage.variants.find((v) => v.volume === volume) ?? vintage.variants[0]
  if (!variant) return null
  return (
    <div className={styles.vintage}>
      <div className={styles.about}>
        {vintage.scores.length > 0 && (
          <section aria-label={t('wineTabs.scores')}>
            <dl className={styles.scores}>
              {vintage.scores.map((s) => (
                <div key={s.guide.value} className={styles.score}>
                  <dt>{s.guide.label}</dt>
                  <dd>
                    {s.score}/{s.maxscore}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {vintage.tasting_note && (
          <section aria-label={t('wineTabs.tastingNote')}>
            <p className={styles.note}>{vintage.tasting_note}</p>
          </section>
        )}
      </div>
      <Tabs
        variant="secondary"
        label={t('wineTabs.volumes', { vintage: vintage.vintage })}
        tabs={vintage.variants.map((v) => ({ key: v.volume, label: v.volume }))}
        selected={variant.volume}
        onSelect={onVolume}
      >
        <AddToCartBox
          key={variant.id}
          odooCode={odooCode}
          name={name}
          image={image}
          vintage={vintage.vintage}
          variant={variant}
        />
      </Tabs>
    </div>
  )
}
