import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import type { TFunction } from 'i18next'
import type { ChatWine, ConversationLine, Locale } from '../../src/domain/types'
import { normalizeHit } from '../../src/domain/wine-hit'
import { getBus } from '../../src/bus/bus'
import { requireSection } from '../../src/config/config'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../src/session/use-session'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import { SommelierIllustration } from './SommelierButton'
import { MAX_LINE_LENGTH } from '../../src/domain/sommelier-request'
import { useSommelierChat, type ChatPhase, type RateLimitWait } from './use-sommelier-chat'
import styles from './Chat.module.css'
// Send's text hides on phones by the rule the sommelier button's text uses.
import shared from './Sommelier.module.css'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { HiddenLabelInput } from '../../src/ui/hidden-label-input/HiddenLabelInput'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import { SOMMELIER_DRAFT_KEY } from '../../src/features/sommelier-draft/sommelier-draft'

/** The question the search left for the chat, if any (storage may be refused: then none). */
function draftQuestion(): string {
  try {
    return sessionStorage.getItem(SOMMELIER_DRAFT_KEY) ?? ''
  } catch {
    return ''
  }
}

/** Longest question accepted (a dish, not an essay): the proxy takes lines of this length. */
export const QUESTION_MAX_LENGTH = MAX_LINE_LENGTH

const ERROR_KEYS: Record<string, string> = {
  http: 'sommelier.errorHttp',
  'rate-limited': 'sommelier.errorRateLimitedLater',
  network: 'sommelier.errorNetwork',
  model: 'sommelier.errorModel',
  'cut-off': 'sommelier.errorCutOff',
  interrupted: 'sommelier.errorInterrupted',
  empty: 'sommelier.errorEmpty',
}

interface HeaderProps {
  loggedIn: boolean
  titleId: string
}

function ChatHeader({ loggedIn, titleId }: HeaderProps) {
  const { t } = useTranslation('sommelier')
  return (
    <header className={styles.header}>
      <SommelierIllustration />
      <div className={styles.heading}>
        <h2 id={titleId} className={styles.title}>
          {t('sommelier.title')}
        </h2>
        {!loggedIn && <p className={styles.prompt}>{t('sommelier.loginPrompt')}</p>}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => getBus().emit('modal:open', { mode: 'search' })}
        >
          {t('sommelier.toSearch')}
        </button>
        <IconButton
          className={styles.iconButton}
          label={t('sommelier.close')}
          onClick={() => getBus().emit('modal:close', {})}
        >
          <DecorativeSvg viewBox="0 0 24 24">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </DecorativeSvg>
        </IconButton>
      </div>
    </header>
  )
}

/** A stored wine back through the search-record check (saved state may be old or tampered). */
function cardHit(wine: ChatWine) {
  return normalizeHit({
    objectID: wine.id,
    title: wine.title,
    url: wine.url,
    label: wine.label ? [wine.label] : [],
    c: wine.c,
    m: wine.m,
  })
}

function WineCards({
  wines,
  locale,
  t,
}: {
  wines: readonly ChatWine[]
  locale: Locale
  t: TFunction
}) {
  const hits = wines.flatMap((w) => {
    const hit = cardHit(w)
    return hit ? [hit] : []
  })
  if (hits.length === 0) return null
  return (
    <ul className={styles.cards} aria-label={t('sommelier.suggestions')}>
      {hits.map((hit) => (
        <li key={hit.objectID}>
          <HitCard hit={hit} locale={locale} headingLevel={3} compact />
        </li>
      ))}
    </ul>
  )
}

interface LineProps {
  line: ConversationLine
  last: boolean
  phase: ChatPhase
  locale: Locale
  /** Seconds to wait before asking again, when this line is the answer the proxy refused. */
  retryAfter?: number
}

/** The error's text; a refusal for asking too often says how long to wait when that is known. */
function errorText(t: TFunction, error: string, retryAfter: number | undefined): string {
  if (error === 'rate-limited' && retryAfter !== undefined)
    return t('sommelier.errorRateLimited', { count: Math.max(1, retryAfter) })
  return t(ERROR_KEYS[error] ?? 'sommelier.errorModel')
}

function Line({ line, last, phase, locale, retryAfter }: LineProps) {
  const { t } = useTranslation('sommelier')
  const mine = line.from === 'user'
  const message = typeof line.message === 'string' ? line.message : ''
  const wines = Array.isArray(line.wines) ? line.wines : []
  const working = last && !mine && phase !== 'idle'
  return (
    <li className={mine ? styles.userLine : styles.sommelierLine}>
      <span className={styles.srOnly}>
        {mine ? t('sommelier.you') : t('sommelier.sommelier')}:{' '}
      </span>
      {message && <p className={styles.bubble}>{message}</p>}
      {working && !message && <p className={styles.status}>{t('sommelier.thinking')}</p>}
      {line.error && <p className={styles.error}>{errorText(t, line.error, retryAfter)}</p>}
      {working && phase === 'searching' && (
        <p className={styles.status}>{t('sommelier.searching')}</p>
      )}
      {!mine && <WineCards wines={wines} locale={locale} t={t} />}
    </li>
  )
}

interface InputProps {
  phase: ChatPhase
  onSend: (question: string) => void
  autoFocus: boolean
}

function ChatInput({ phase, onSend, autoFocus }: InputProps) {
  const { t } = useTranslation('sommelier')
  const input = useRef<HTMLInputElement>(null)
  // A question another widget left for the chat is typed in, for the shopper to send or change.
  const [value, setValue] = useState(draftQuestion)
  // Read once (not in the initializer, which React may call twice): a later opening starts empty.
  useEffect(() => {
    try {
      sessionStorage.removeItem(SOMMELIER_DRAFT_KEY)
    } catch {
      // Storage refused: nothing was left either.
    }
  }, [])
  const busy = phase !== 'idle'
  // Nothing to send: an empty question, or the answer to the last one still coming. The field
  // stays enabled (the next question can be written meanwhile) and Send is only aria-disabled:
  // a disabled control that has the focus drops it, the dialog then moves it elsewhere, and the
  // browser recomputes style and layout for that in the Enter's own frame.
  const blocked = busy || value.trim() === ''

  // Right after a login made in the chat, the input takes over from the login form.
  useEffect(() => {
    if (autoFocus) input.current?.focus()
  }, [autoFocus])

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (blocked) return
    onSend(value)
    setValue('')
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <HiddenLabelInput
        label={t('sommelier.inputLabel')}
        ref={input}
        type="text"
        className={styles.input}
        value={value}
        maxLength={QUESTION_MAX_LENGTH}
        placeholder={t('sommelier.placeholder')}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className={styles.send} aria-disabled={blocked || undefined}>
        <DecorativeSvg className={styles.sendIcon} viewBox="0 0 24 24">
          <path d="M4 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
        </DecorativeSvg>
        <span className={shared.sendText}>{t('sommelier.send')}</span>
      </button>
    </form>
  )
}

const waitFor = (wait: RateLimitWait | null, index: number) =>
  wait?.index === index ? { retryAfter: wait.seconds } : {}

/**
 * The chat: header, greeting, the conversation as a polite live log,
 * and the input (Enter sends) for logged-in customers or the login panel for visitors.
 */
export default function Chat({ locale }: { locale: Locale }) {
  const { t } = useTranslation(['sommelier', 'wine'])
  const { url } = requireSection('sommelier')
  const { isLoggedIn, user } = useSession()
  const { conversation, phase, send, wait } = useSommelierChat(locale, url)
  const titleId = useId()
  const log = useRef<HTMLDivElement>(null)
  const [loggedInHere, setLoggedInHere] = useState(false)

  useEffect(() => {
    const el = log.current
    if (el) el.scrollTop = el.scrollHeight
  }, [conversation])

  const name = isLoggedIn && user?.name ? user.name.split(' ')[0] : ''
  return (
    <section className={styles.chat} aria-labelledby={titleId} lang={locale}>
      <ChatHeader loggedIn={isLoggedIn} titleId={titleId} />
      <div
        ref={log}
        className={styles.log}
        role="log"
        aria-live="polite"
        aria-busy={phase === 'streaming'}
        aria-label={t('sommelier.conversation')}
      >
        <p className={styles.greeting}>
          {name ? t('sommelier.greetingName', { name }) : t('sommelier.greeting')}
        </p>
        {conversation.length > 0 && (
          <ol className={styles.lines}>
            {conversation.map((line, i) => (
              <Line
                key={i}
                line={line}
                last={i === conversation.length - 1}
                phase={phase}
                locale={locale}
                {...waitFor(wait, i)}
              />
            ))}
          </ol>
        )}
      </div>
      {isLoggedIn ? (
        // Focus follows the shopper's own login in the chat to the question field.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        <ChatInput phase={phase} onSend={send} autoFocus={loggedInHere} />
      ) : (
        <div className={styles.login}>
          <LoginPanel headingLevel={3} onLoggedIn={() => setLoggedInHere(true)} />
        </div>
      )}
    </section>
  )
}
