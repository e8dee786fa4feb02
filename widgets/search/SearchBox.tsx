import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
} from 'react'
import { useInstantSearch, useSearchBox } from 'react-instantsearch'
import { useTranslation } from 'react-i18next'
import { getBus } from '../../src/bus/bus'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/domain/search-state'
import { HiddenLabelInput } from '../../src/ui/hidden-label-input/HiddenLabelInput'
import styles from './SearchBox.module.css'
import { SEARCH_FIELD } from './PanelFrame'
import { afterNextPaint } from '../../src/ui/after-paint/after-next-paint'

/** A query unchanged this long counts as searched for (announced on the bus). */
const SEARCH_SETTLE_MS = 1000

/** What the panel's owner does with the box when the panel shows. */
export interface SearchField {
  /** Takes what was typed before the box was there (in the preview's field), and the focus. */
  takeOver: (typed: string, focus: boolean) => void
}

interface SearchBoxProps {
  active: boolean
  fieldRef?: Ref<SearchField>
}

/** The free-text box: refined after each key's paint, 512 characters at most, stalled text. */
export function SearchBox({ active, fieldRef }: SearchBoxProps) {
  const { t } = useTranslation(['search', 'wine'])
  const input = useRef<HTMLInputElement>(null)
  const { query, refine } = useSearchBox()
  // The instance's status, not the search box's render state: the connectors render only once
  // an answer is in, so the first search would never look stalled (after STALLED_SEARCH_DELAY_MS).
  const { status } = useInstantSearch()
  // The field is uncontrolled: the browser echoes a key without any render of ours, and the
  // search leaves after that paint. A key that set React state rendered synchronously (the
  // discrete priority of an input event) and took with it any render still pending, such as an
  // answer's that arrived just before: 40 to 250 ms of the key's task at 4x. `value` is the text
  // last passed on to the search; the field writes it only for a change from outside.
  const [value, setValue] = useState(query)
  // The queries typed since the instance last caught up with the box. The instance's query may
  // lag behind typing ("a" arrives after "ab" was typed): one of these is not an outside change.
  const [typed, setTyped] = useState<readonly string[]>([])
  const [seen, setSeen] = useState(query)
  // An outside change of the query (back/forward, read by the router) is followed; what is being
  // typed is never overwritten. (Adjusting state while rendering, as React's docs recommend.)
  if (query !== seen) {
    setSeen(query)
    if (query === value) setTyped([])
    else if (!typed.includes(query)) {
      setTyped([])
      setValue(query)
    }
  }
  // The text typed and not searched yet, with its search waiting for the key's paint.
  const waiting = useRef<{ text: string; cancel: () => void } | null>(null)
  useLayoutEffect(() => {
    const field = input.current
    if (field && !waiting.current && field.value !== value) field.value = value
  }, [value])

  // The box takes focus when search mode shows again (back from the sommelier). Not at its
  // mount: the panel then renders hidden behind its preview, where the focus is the shopper's,
  // and the modal's owner gives it to this box, or to what the shopper had chosen, once the panel
  // replaces the preview (Search's `takeOver`).
  const wasActive = useRef(active)
  useEffect(() => {
    if (active && !wasActive.current) input.current?.focus()
    wasActive.current = active
  }, [active])

  // The query the shopper settled on (typing paused, or Enter) is announced once: not every
  // keystroke (the analytics `search` event).
  const announced = useRef('')
  const announce = useCallback((text: string) => {
    const query = text.trim()
    if (query === '' || query === announced.current) return
    announced.current = query
    getBus().emit('search:query', { query })
  }, [])
  useEffect(() => {
    const timer = setTimeout(() => announce(value), SEARCH_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [value, announce])

  // A key before the paint replaces the text waiting (one search per frame: a shopper's keys
  // are frames apart).
  const type = useCallback(
    (text: string) => {
      const next = text.slice(0, SEARCH_QUERY_MAX_LENGTH)
      waiting.current?.cancel()
      const cancel = afterNextPaint(() => {
        waiting.current = null
        setValue(next)
        setTyped((before) => [...before, next])
        refine(next)
      })
      waiting.current = { text: next, cancel }
    },
    [refine],
  )
  // Effects disconnected and connected again (React's strict mode, a tree hidden and shown)
  // keep what was waiting: it is sent after the next paint.
  useEffect(() => {
    const left = waiting.current
    if (left) type(left.text)
    return () => waiting.current?.cancel()
  }, [type])
  useImperativeHandle(
    fieldRef,
    () => ({
      takeOver: (text, focus) => {
        const field = input.current
        if (text && field) {
          field.value = text.slice(0, SEARCH_QUERY_MAX_LENGTH)
          type(field.value)
        }
        if (focus) field?.focus()
      },
    }),
    [type],
  )

  return (
    <form
      role="search"
      className={styles.searchForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        announce(input.current?.value ?? value)
        input.current?.blur()
      }}
    >
      <HiddenLabelInput
        label={t('search.inputLabel')}
        ref={input}
        {...SEARCH_FIELD}
        className={styles.input}
        defaultValue={value}
        placeholder={t('search.placeholder')}
        onChange={(event) => type(event.currentTarget.value)}
      />
      <span role="status" className={styles.stalled}>
        {status === 'stalled' ? t('search.stalled') : ''}
      </span>
    </form>
  )
}
