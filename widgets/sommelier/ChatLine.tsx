/**
 * One line of the sommelier chat: a question, or an answer with its wine cards, its feedback and,
 * under the last one, the follow-ups.
 */
import { Suspense, lazy } from 'react'
import type { TFunction } from 'i18next'
import type { ChatWine, ConversationLine, Locale } from '../../src/domain/types'
import { normalizeHit } from '../../src/domain/wine-hit'
import { useTranslation } from 'react-i18next'
import { HitCard } from '../../src/ui/hit-card/HitCard'
import { type ChatPhase } from './use-sommelier-chat'
import styles from './Chat.module.css'
import answers from './Answers.module.css'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import type { BusEvents } from '../../src/bus/events'
import { ErrorBoundary } from '../../src/ui/ErrorBoundary'

// The cards' "Add to cart" (the vintages' read, the cart line, the confirmation) comes after the
// chat has opened: opening it waits for none of that code.
const SuggestionBuy = lazy(() => import('./SuggestionBuy'))

/** The buy part's room, kept while its code and the wine's vintages come. */
const buyRoom = () => <div className={answers.buy} />

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

export type Rating = BusEvents['sommelier:feedback']['rating']

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

export function Line({
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
