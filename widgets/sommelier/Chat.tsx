import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useRef,
  useState,
  type RefObject,
  type SubmitEvent,
} from 'react'
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
import answers from './Answers.module.css'
// Send's text hides on phones by the rule the sommelier button's text uses.
import shared from './Sommelier.module.css'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { HiddenLabelInput } from '../../src/ui/hidden-label-input/HiddenLabelInput'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import type { BusEvents } from '../../src/bus/events'
import { ErrorBoundary } from '../../src/ui/ErrorBoundary'

// The cards' "Add to cart" (the vintages' read, the cart line, the confirmation) comes after the
// chat has opened: opening it waits for none of that code.
const SuggestionBuy = lazy(() => import('./SuggestionBuy'))

/** The buy part's room, kept while its code and the wine's vintages come. */
const buyRoom = () => <div className={answers.buy} />
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
  stopped: 'sommelier.errorStopped',
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
    e: wine.e,
    price_level: wine.price_level,
    odooCode: wine.odooCode,
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
          <HitCard hit={hit} locale={locale} headingLevel={3} compact>
            {hit.odooCode && (
              <ErrorBoundary name="sommelier" fallback={buyRoom}>
                <Suspense fallback={buyRoom()}>
                  <SuggestionBuy hit={hit} locale={locale} />
                </Suspense>
              </ErrorBoundary>
            )}
          </HitCard>
        </li>
      ))}
    </ul>
  )
}

type Rating = BusEvents['sommelier:feedback']['rating']

interface LineProps {
  line: ConversationLine
  last: boolean
  phase: ChatPhase
  locale: Locale
  /** Seconds to wait before asking again, when this line is the answer the proxy refused. */
  retryAfter?: number
  /** The shopper's rating of this answer, and how to give one (sommelier lines only). */
  rating: Rating | undefined
  onRate: (rating: Rating) => void
  /** The questions offered under this answer when it is the last one. */
  followUps: readonly string[]
  onSend: (question: string) => void
}

/** The error's text; a refusal for asking too often says how long to wait when that is known. */
function errorText(t: TFunction, error: string, retryAfter: number | undefined): string {
  if (error === 'rate-limited' && retryAfter !== undefined)
    return t('sommelier.errorRateLimited', { count: Math.max(1, retryAfter) })
  return t(ERROR_KEYS[error] ?? 'sommelier.errorModel')
}

/** Thumbs up and down under a finished answer: toggle buttons, the chosen one pressed. */
function Feedback({ rating, onRate }: { rating: Rating | undefined; onRate: (r: Rating) => void }) {
  const { t } = useTranslation('sommelier')
  return (
    <div className={answers.feedback} role="group" aria-label={t('sommelier.feedback')}>
      {(['up', 'down'] as const).map((r) => (
        <IconButton
          key={r}
          className={answers.thumb}
          label={t(r === 'up' ? 'sommelier.feedbackUp' : 'sommelier.feedbackDown')}
          aria-pressed={rating === r}
          onClick={() => {
            if (rating !== r) onRate(r)
          }}
        >
          <DecorativeSvg viewBox="0 0 24 24">
            <path
              d="M7 11v9H4v-9h3Zm0 0 4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H18a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              transform={r === 'down' ? 'rotate(180 12 12)' : undefined}
            />
          </DecorativeSvg>
        </IconButton>
      ))}
      <p className={styles.srOnly} role="status">
        {rating && t('sommelier.feedbackThanks')}
      </p>
    </div>
  )
}

/** Questions to go on with, under the last answer: each sends itself as the next question. */
function FollowUps({
  questions,
  onSend,
}: {
  questions: readonly string[]
  onSend: (q: string) => void
}) {
  const { t } = useTranslation('sommelier')
  return (
    <ul className={answers.followUps} aria-label={t('sommelier.followUps')}>
      {questions.map((q) => (
        <li key={q}>
          <button type="button" className={answers.followUp} onClick={() => onSend(q)}>
            {q}
          </button>
        </li>
      ))}
    </ul>
  )
}

function Line({
  line,
  last,
  phase,
  locale,
  retryAfter,
  rating,
  onRate,
  followUps,
  onSend,
}: LineProps) {
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
      {!mine && !working && message && !line.error && <Feedback rating={rating} onRate={onRate} />}
      {last && !mine && !working && message && !line.error && (
        <FollowUps questions={followUps} onSend={onSend} />
      )}
    </li>
  )
}

interface InputProps {
  phase: ChatPhase
  onSend: (question: string) => void
  onStop: () => void
  autoFocus: boolean
  /** The question field (the follow-ups give it the focus once they are gone). */
  input: RefObject<HTMLInputElement | null>
}

function ChatInput({ phase, onSend, onStop, autoFocus, input }: InputProps) {
  const { t } = useTranslation('sommelier')
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
  }, [autoFocus, input])

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
      {/*
        While the answer comes, the same button (the element stays, and so does the focus) is
        Stop: it aborts the answer's fetch. Both texts are laid out, the unused one hidden, so the
        button keeps its width when it changes.
      */}
      <button
        type={busy ? 'button' : 'submit'}
        className={styles.send}
        aria-disabled={(!busy && blocked) || undefined}
        onClick={busy ? onStop : undefined}
      >
        <DecorativeSvg className={styles.sendIcon} viewBox="0 0 24 24">
          {busy ? (
            <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" />
          ) : (
            <path d="M4 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
          )}
        </DecorativeSvg>
        <span className={answers.sendLabels}>
          <span
            className={busy ? `${shared.sendText} ${answers.offLabel}` : shared.sendText}
            aria-hidden={busy || undefined}
          >
            {t('sommelier.send')}
          </span>
          <span
            className={busy ? shared.sendText : `${shared.sendText} ${answers.offLabel}`}
            aria-hidden={!busy || undefined}
          >
            {t('sommelier.stop')}
          </span>
        </span>
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
  const { conversation, phase, send, stop, wait, followUps } = useSommelierChat(locale, url)
  // Kept for the chat's life only, by line index (a cleared conversation clears them too).
  const [ratings, setRatings] = useState<ReadonlyMap<number, Rating>>(new Map())
  const [ratedLength, setRatedLength] = useState(conversation.length)
  if (conversation.length !== ratedLength) {
    // A conversation cleared (logout, modal closed) starts its ratings afresh.
    setRatedLength(conversation.length)
    if (conversation.length < ratedLength) setRatings(new Map())
  }
  const fallbackFollowUps = [
    t('sommelier.followUpCheaper'),
    t('sommelier.followUpWhite'),
    t('sommelier.followUpOrganic'),
  ]
  const rate = (index: number, rating: Rating) => {
    setRatings((before) => new Map(before).set(index, rating))
    getBus().emit('sommelier:feedback', {
      rating,
      answer: conversation.slice(0, index + 1).filter((l) => l.from === 'sommelier').length,
      locale,
      wines: conversation[index]?.wines.map((w) => w.id) ?? [],
    })
  }
  const titleId = useId()
  const log = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  // A follow-up's button goes with the question it sends: the focus goes to the question field.
  const sendFollowUp = (question: string) => {
    send(question)
    input.current?.focus()
  }
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
                rating={ratings.get(i)}
                onRate={(rating) => rate(i, rating)}
                followUps={followUps?.index === i ? followUps.questions : fallbackFollowUps}
                onSend={sendFollowUp}
              />
            ))}
          </ol>
        )}
      </div>
      {isLoggedIn ? (
        <ChatInput
          phase={phase}
          onSend={send}
          onStop={stop}
          // Focus follows the shopper's own login in the chat to the question field.
          // eslint-disable-next-line jsx-a11y-x/no-autofocus
          autoFocus={loggedInHere}
          input={input}
        />
      ) : (
        <div className={styles.login}>
          <LoginPanel headingLevel={3} onLoggedIn={() => setLoggedInHere(true)} />
        </div>
      )}
    </section>
  )
}
