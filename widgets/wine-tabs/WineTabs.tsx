import { useEffect, useMemo, useState } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import { activeVintages, useWineVariants, type WineVintage } from '../../src/api/products'
import {
  chooseTab,
  parseTabHash,
  rememberTab,
  resolveTab,
  tabHash,
  type TabChoice,
  type TabOption,
} from '../../src/domain/tab-memory'
import { useTranslation } from 'react-i18next'
import { Tabs } from '../../src/ui/tabs/Tabs'
import { VintagePanel } from './VintagePanel'
import { readTabMemory, writeTabMemory } from './tab-storage'
import { useReportError } from '../../src/report/use-report-error'
import type { WineTabsProps } from './props'
import styles from './WineTabs.module.css'

/** Wine page: tabs per active vintage, nested tabs per volume with the add-to-cart box. */
export default function WineTabs({ props, locale, element }: WidgetComponentProps<WineTabsProps>) {
  const { t } = useTranslation('wineTabs')
  const { odooCode, name, image } = props
  const query = useWineVariants({ odooCode, locale, name })
  // The shopper sees "couldn't load" and Try again; the console and the host hear which call
  // failed, again after a Try again that fails too.
  useReportError(query.error, {
    widget: 'wine-tabs',
    area: 'data',
    message: `wine-tabs: the vintages of ${odooCode} could not be loaded`,
    element,
  })

  if (query.isPending) {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.skeletonTabs} aria-hidden="true" />
        <span className={styles.skeletonText} aria-hidden="true" />
        <span>{t('wineTabs.loading')}</span>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>{t('wineTabs.loadError')}</p>
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          {t('wineTabs.retry')}
        </button>
      </div>
    )
  }
  const vintages = activeVintages(query.data)
  if (vintages.length === 0) {
    return <p className={styles.notice}>{t('wineTabs.noVintages')}</p>
  }
  return <VintageTabs odooCode={odooCode} name={name} image={image} vintages={vintages} />
}

interface VintageTabsProps {
  odooCode: string
  name: string
  image?: string
  vintages: WineVintage[]
}

function VintageTabs({ odooCode, name, image, vintages }: VintageTabsProps) {
  const { t } = useTranslation('wineTabs')
  const options = useMemo<TabOption[]>(
    () => vintages.map((v) => ({ vintage: v.vintage, volumes: v.variants.map((x) => x.volume) })),
    [vintages],
  )
  // Chosen once: the hash, else a tab remembered less than 5 minutes ago, else the default.
  const [choice, setChoice] = useState<TabChoice | null>(() =>
    chooseTab(options, window.location.hash, readTabMemory(odooCode), Date.now()),
  )

  // Tabs follow the URL hash (links such as "#2019-75cl" on the same page).
  useEffect(() => {
    const follow = () => {
      const next = resolveTab(options, parseTabHash(window.location.hash))
      if (next) setChoice(next)
    }
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [options])

  const current = resolveTab(options, choice) ?? chooseTab(options, '', null, 0)
  const vintage = vintages.find((v) => v.vintage === current?.vintage)

  const select = (next: TabChoice) => {
    const resolved = resolveTab(options, next)
    if (!resolved) return
    setChoice(resolved)
    writeTabMemory(odooCode, rememberTab(resolved, Date.now()))
    // Replace, not push: choosing tabs should not fill the back button's history.
    const url = new URL(window.location.href)
    url.hash = tabHash(resolved)
    window.history.replaceState(window.history.state, '', url)
  }

  if (!current || !vintage) return null
  return (
    <div className={styles.wineTabs}>
      <Tabs
        label={t('wineTabs.vintages')}
        tabs={vintages.map((v) => ({ key: v.vintage, label: v.vintage }))}
        selected={current.vintage}
        onSelect={(key) => select({ vintage: key, volume: current.volume })}
      >
        <VintagePanel
          odooCode={odooCode}
          name={name}
          image={image}
          vintage={vintage}
          volume={current.volume}
          onVolume={(volume) => select({ vintage: current.vintage, volume })}
        />
      </Tabs>
    </div>
  )
}
