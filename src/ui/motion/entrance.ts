/**
 * A dialog's entrance: it rises 0.75rem while it fades in (160 ms, the pace of the entrances in
 * Motion.module.css), unless the shopper asks for reduced motion. Played with the Web Animations
 * API, not a class: starting a CSS animation in the tap that opens a dialog resolved its keyframes
 * in that tap's style pass (under the widgets' baseline), 11 ms of the search dialog's processing
 * at 4× (docs/benchmark.md); the same animation started here costs about 3.
 */
export function riseIn(element: HTMLElement) {
  // jsdom has neither; a browser without them shows the dialog without the entrance.
  if (typeof element.animate !== 'function' || typeof matchMedia !== 'function') return
  if (!matchMedia('(prefers-reduced-motion: no-preference)').matches) return
  element.animate(
    [
      { opacity: 0, transform: 'translateY(0.75rem)' },
      { opacity: 1, transform: 'none' },
    ],
    { duration: 160, easing: 'ease-out' },
  )
}
