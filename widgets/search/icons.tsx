import type { SVGProps } from 'react'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'

/** Decorative line icons (24 × 24, currentColor); the buttons carry the accessible names. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <DecorativeSvg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </DecorativeSvg>
  )
}

export const MagnifierIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)

export const FilterIcon = () => (
  <Icon>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Icon>
)

export const SommelierIcon = () => (
  <Icon>
    <path d="M8 3h8l-.5 5a3.5 3.5 0 0 1-7 0L8 3zM12 11.5V19M8.5 21h7" />
  </Icon>
)

export const GrapesIcon = () => (
  <Icon>
    <path d="M12 3v3M12 4c1.5-1 3-1 4 0" />
    <circle cx="9" cy="9" r="2.2" />
    <circle cx="15" cy="9" r="2.2" />
    <circle cx="12" cy="13" r="2.2" />
    <circle cx="8" cy="14" r="2.2" />
    <circle cx="16" cy="14" r="2.2" />
    <circle cx="12" cy="18.5" r="2.2" />
  </Icon>
)

export const RegionsIcon = () => (
  <Icon>
    <path d="M12 21s-6-5.2-6-10a6 6 0 0 1 12 0c0 4.8-6 10-6 10z" />
    <circle cx="12" cy="11" r="2" />
  </Icon>
)

export const ColorsIcon = () => (
  <Icon>
    <path d="M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z" />
  </Icon>
)

export const MethodsIcon = () => (
  <Icon>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7" />
  </Icon>
)

export const PricesIcon = () => (
  <Icon>
    <path d="M17 6.5A6 6 0 1 0 17 17.5M4 10h9M4 14h9" />
  </Icon>
)
