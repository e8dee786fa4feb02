import { useEffect, useId, useRef, useState } from 'react'
import type { Locale } from '../../src/domain/types'
import { getBus } from '../../src/bus/bus'
import { requireSection } from '../../src/config/config'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../src/session/use-session'
import { LoginPanel } from '../../src/features/login-panel/LoginPanel'
import { SommelierIllustration } from './SommelierButton'
import { useSommelierChat, type RateLimitWait } from './use-sommelier-chat'
import styles from './Chat.module.css'
import { IconButton } from '../../src/ui/icon-button/IconButton'
import { DecorativeSvg } from '../../src/ui/decorative-svg/DecorativeSvg'
import { Line, type Rating } from './ChatLine'
import { ChatInput } from './ChatInput'

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
