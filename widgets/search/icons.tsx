import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'

/** A path by its `d`, or a circle by its centre and radius. */
type Shape = string | [cx: number, cy: number, r: number]

/**
 * A decorative line icon (24 × 24, currentColor) drawn from its shapes, in order; the buttons
 * carry the accessible names.
 */
function lineIcon(...shapes: Shape[]) {
  return function LineIcon() {
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
      >
        {shapes.map((shape, i) =>
          typeof shape === 'string' ? (
            <path key={i} d={shape} />
          ) : (
            <circle key={i} cx={shape[0]} cy={shape[1]} r={shape[2]} />
          ),
        )}
      </DecorativeSvg>
    )
  }
}

export const MagnifierIcon = lineIcon([11, 11, 7], 'm20 20-3.5-3.5')
export const CloseIcon = lineIcon('M6 6l12 12M18 6 6 18')
export const FilterIcon = lineIcon('M4 6h16M7 12h10M10 18h4')
export const SommelierIcon = lineIcon('M8 3h8l-.5 5a3.5 3.5 0 0 1-7 0L8 3zM12 11.5V19M8.5 21h7')
/** A grape of the bunch: all six are the same size. */
const grape = (cx: number, cy: number): Shape => [cx, cy, 2.2]
export const GrapesIcon = lineIcon(
  'M12 3v3M12 4c1.5-1 3-1 4 0',
  grape(9, 9),
  grape(15, 9),
  grape(12, 13),
  grape(8, 14),
  grape(16, 14),
  grape(12, 18.5),
)
export const RegionsIcon = lineIcon(
  'M12 21s-6-5.2-6-10a6 6 0 0 1 12 0c0 4.8-6 10-6 10z',
  [12, 11, 2],
)
export const ColorsIcon = lineIcon('M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z')
export const MethodsIcon = lineIcon('M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7')
export const PricesIcon = lineIcon('M17 6.5A6 6 0 1 0 17 17.5M4 10h9M4 14h9')
