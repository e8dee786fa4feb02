import {
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react'
import { useInstantSearch, useSearchBox } from 'react-instantsearch'
import { useTranslation } from '../../src/i18n/use-translation'
import { getBus } from '../../src/bus/bus'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/domain/search-state'
import { HiddenLabelInput } from '../../src/ui/hidden-label-input/HiddenLabelInput'
import styles from './SearchBox.module.css'
import { SEARCH_FIELD } from './PanelFrame'

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

/** The free-text box: refined on every keystroke, 512 characters at most, stalled text. */
export function SearchBox({ active, fieldRef }: SearchBoxProps) {
  const { t } = useTranslation(['search', 'wine'])
  const input = useRef<HTMLInputElement>(null)
  const { query, refine } = useSearchBox()
  // The instance's status, not the search box's render state: the connectors render only once
  // an answer is in, so the first search would never look stalled (after STALLED_SEARCH_DELAY_MS).
  const { status } = useInstantSearch()
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

  // The box takes focus when search mode shows (on opening, and back from the sommelier).
  useEffect(() => {
    if (active) input.current?.focus()
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

  const type = useCallback(
    (text: string) => {
      const next = text.slice(0, SEARCH_QUERY_MAX_LENGTH)
      setValue(next)
      setTyped((before) => [...before, next])
      // The field echoes the key at once; the results, panels and counts the new query
      // re-renders wait behind it as a transition, so a keystroke paints in one cheap frame.
      startTransition(() => refine(next))
    },
    [refine],
  )
  useImperativeHandle(
    fieldRef,
    () => ({
      takeOver: (typed, focus) => {
        if (typed) type(typed)
        if (focus) input.current?.focus()
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
        announce(value)
        input.current?.blur()
      }}
    >
      <HiddenLabelInput
        label={t('search.inputLabel')}
        ref={input}
        {...SEARCH_FIELD}
        className={styles.input}
        value={value}
        placeholder={t('search.placeholder')}
        onChange={(event) => type(event.currentTarget.value)}
      />
      <span role="status" className={styles.stalled}>
        {status === 'stalled' ? t('search.stalled') : ''}
      </span>
    </form>
  )
}
