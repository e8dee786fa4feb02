import type { CartLine } from '../../domain/types'

export interface LineDetailsProps {
  line: Pick<CartLine, 'type' | 'vintage' | 'volume'>
  /** What a bundle line says instead (the caller's text, e.g. "Box"). */
  bundleLabel: string
  className?: string
}

/**
 * What a cart line is, under its name (the minicart, the cart page): a bundle says so; a wine
 * gives its vintage and volume ("2019 · 75cl"), leaving out the one it lacks.
 */
export function LineDetails({ line, bundleLabel, className }: LineDetailsProps) {
  return (
    <span className={className}>
      {line.type === 'bundle'
        ? bundleLabel
        : [line.vintage, line.volume].filter(Boolean).join(' · ')}
    </span>
  )
}
