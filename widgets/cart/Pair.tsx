import type { ReactNode } from 'react'

/** A term and its description in a description list, grouped in a div (styled as one row). */
export function Pair({
  term,
  className,
  children,
}: {
  term: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
