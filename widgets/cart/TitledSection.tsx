import { useId, type ComponentProps, type ReactNode } from 'react'
import styles from './Cart.module.css'

export type TitledSectionProps = Omit<ComponentProps<'section'>, 'title' | 'aria-labelledby'> & {
  /** The h3 that names the section. */
  title: string
  titleClassName: string | undefined
}

/**
 * A part of the cart page named by its own h3 (`aria-labelledby`): the checkout, the boxes, the
 * claims. Every other prop (ref included) goes to the `<section>`.
 */
export function TitledSection({ title, titleClassName, children, ...section }: TitledSectionProps) {
  const id = useId()
  return (
    <section {...section} aria-labelledby={id}>
      <h3 id={id} className={titleClassName}>
        {title}
      </h3>
      {children}
    </section>
  )
}

/** One of the cart's bordered boxes (the summary, the droplets). */
export function CartBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection className={styles.box} title={title} titleClassName={styles.boxTitle}>
      {children}
    </TitledSection>
  )
}
