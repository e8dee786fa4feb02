import { Suspense, lazy } from 'react'
import type { WidgetComponentProps } from '../../src/props/schema'
import type { SommelierProps } from './index'
import { SommelierButton } from './SommelierButton'

// The chat (stream client, search, login panel) is only needed inside the modal.
const Chat = lazy(() => import('./Chat'))

/** The `sommelier` widget: the button (default) or the chat the search modal shows. */
export default function Sommelier({ props, locale }: WidgetComponentProps<SommelierProps>) {
  if (props.mode === 'chat') {
    return (
      <Suspense fallback={null}>
        <Chat locale={locale} />
      </Suspense>
    )
  }
  return <SommelierButton />
}
