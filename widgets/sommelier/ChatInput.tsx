/** The sommelier chat's question field: Send, or Stop while an answer streams. */
import { useEffect, useState, type RefObject, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_LINE_LENGTH } from '../../src/domain/sommelier-request'
import { type ChatPhase } from './use-sommelier-chat'
import styles from './Chat.module.css'
import answers from './Answers.module.css'
// Send's text hides on phones by the rule the sommelier button's text uses.
import shared from './Sommelier.module.css'
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

interface InputProps {
  phase: ChatPhase
  onSend: (question: string) => void
  onStop: () => void
  autoFocus: boolean
  /** The question field (the follow-ups give it the focus once they are gone). */
  input: RefObject<HTMLInputElement | null>
}

export function ChatInput({ phase, onSend, onStop, autoFocus, input }: InputProps) {
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
