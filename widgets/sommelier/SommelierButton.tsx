import { getBus } from '../../src/bus/bus'
import type { Locale } from '../../src/domain/types'
import { useLocale } from '../../src/i18n/locale-context'
import { useTranslation } from 'react-i18next'
import styles from './Sommelier.module.css'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'

/** A sommelier's tastevin and a glass: decorative, the button's text names it. */
export function SommelierIllustration() {
  return (
    <DecorativeSvg
      className={styles.illustration}
      viewBox="0 0 48 48"
      data-sommelier-illustration=""
    >
      <circle cx="24" cy="24" r="23" fill="#f7eef1" />
      <path
        d="M16 11h16c0 9-3 15-8 15s-8-6-8-15Z"
        fill="#fff"
        stroke="#6d1a36"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M17 17h14c-.6 5-3.2 8-7 8s-6.4-3-7-8Z" fill="#8e2446" />
      <path d="M24 26v10M18 37h12" stroke="#6d1a36" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M33 31c3 0 5 1.6 5 3.6S36 38 33 38s-5-1.5-5-3.4S30 31 33 31Z" fill="#c9a227" />
    </DecorativeSvg>
  )
}

/** The image's address for a locale: `{locale}` in the editor's template becomes en, fr or nl. */
export const localizedImage = (template: string, locale: Locale) =>
  template.replaceAll('{locale}', locale)

/**
 * The sommelier button: opens the page's modal in sommelier mode through the bus. With an image
 * (one per locale) it shows that image on wide screens; the localized text is its name.
 */
export function SommelierButton({ image }: { image?: string }) {
  const { t } = useTranslation('sommelier')
  const locale = useLocale()
  return (
    <button
      type="button"
      className={image ? `${styles.button} ${styles.withImage}` : styles.button}
      aria-haspopup="dialog"
      onClick={() => getBus().emit('modal:open', { mode: 'sommelier' })}
    >
      {image && (
        <img
          className={styles.image}
          src={localizedImage(image, locale)}
          alt=""
          width={184}
          height={48}
          data-sommelier-image={locale}
        />
      )}
      <SommelierIllustration />
      <span className={image ? styles.imageText : styles.buttonText}>{t('sommelier.button')}</span>
    </button>
  )
}
