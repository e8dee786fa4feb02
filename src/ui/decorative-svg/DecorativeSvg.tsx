import type { SVGProps } from 'react'

/**
 * A drawing that only decorates: hidden from assistive technology and never a tab stop (the
 * element around it carries the name). Every prop goes to the `<svg>`.
 */
export function DecorativeSvg(props: SVGProps<SVGSVGElement>) {
  return <svg aria-hidden="true" focusable="false" {...props} />
}
