import { Suspense, lazy, useLayoutEffect } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { SommelierProps } from './props'
import { SommelierButton } from './SommelierButton'
import styles from './Sommelier.module.css'
// The chat's stylesheet loads with the button, in the site chunk's stylesheet: opening the chat
// waits for its script alone, not for a stylesheet too.
import './Chat.module.css'

// The chat (stream client, search, login panel) is only needed inside the modal.
const Chat = lazy(() => import('./Chat'))

/**
 * In the modal the chat fills its tag, which fills the modal's slot: only the conversation
 * scrolls, the header (close, back to search) stays on top and the input at the bottom.
 */
function useFillHost(element: HTMLElement, fill: boolean) {
  useLayoutEffect(() => {
    const host = styles.host
    if (!fill || !host) return
    element.classList.add(host)
    return () => element.classList.remove(host)
  }, [element, fill])
}

/** The `sommelier` widget: the button (default) or the chat the search modal shows. */
export default function Sommelier({
  props,
  locale,
  element,
}: WidgetComponentProps<SommelierProps>) {
  useFillHost(element, props.mode === 'chat')
  if (props.mode === 'chat') {
    return (
      <Suspense fallback={null}>
        <Chat locale={locale} />
      </Suspense>
    )
  }
  return <SommelierButton image={props.image} />
}
