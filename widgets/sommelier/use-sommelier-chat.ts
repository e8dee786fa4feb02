import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Draft } from 'immer'
import type { ConversationLine, Locale } from '../../src/domain/types'
import { sommelierRequest } from '../../src/domain/sommelier-request'
import { parsePairings, visibleAnswer } from '../../src/domain/sommelier-pairings'
import { SommelierError, streamChat } from '../../src/services/sommelier/chat-stream'
import { suggestWines } from '../../src/services/sommelier/suggestions'
import { getStore, useStore } from '../../src/store/shared-store'
import type { StoreState } from '../../src/store/state'
import { reportError } from '../../src/report/report'
import { usePaintFirst } from '../../src/ui/after-paint/use-paint-first'

/** What the chat is doing: waiting for a question, streaming the answer, finding its wines. */
export type ChatPhase = 'idle' | 'streaming' | 'searching'

/**
 * Codes kept in `ConversationLine.error` (the text is looked up in the reader's locale):
 * `sommelier.error<Code>`.
 */
export type LineError =
  'http' | 'rate-limited' | 'network' | 'model' | 'cut-off' | 'interrupted' | 'stopped' | 'empty'

/** The wait the proxy asked for after too many questions, for the line that says so. */
export interface RateLimitWait {
  /** Index of the sommelier line in the conversation. */
  index: number
  seconds: number
}

/** The model's own follow-up questions for the answer at `index` (not kept in the store). */
export interface ModelFollowUps {
  index: number
  questions: string[]
}

const selectConversation = (state: StoreState) => state.conversation

interface Running {
  controller: AbortController
  /** Index of the sommelier line being written. */
  index: number
}

/** A question and the answer that is coming, as the conversation shows them. */
const asking = (question: string): ConversationLine[] => [
  { from: 'user', message: question, wines: [] },
  { from: 'sommelier', message: '', wines: [] },
]

/** Change the line being answered, unless the conversation was cleared or moved on meanwhile. */
function writeLine(index: number, recipe: (line: Draft<ConversationLine>) => void): void {
  getStore().update((d) => {
    const line = d.conversation[index]
    if (line && line.from === 'sommelier' && d.conversation.length === index + 1) recipe(line)
  })
}

/** A question that was never sent, kept with an answer that says why (interrupted, stopped). */
function keepUnsent(question: string, error: LineError = 'interrupted'): void {
  getStore().update((d) => {
    d.conversation.push(...asking(question))
    const answer = d.conversation.at(-1)
    if (answer) answer.error = error
  })
}

/**
 * The conversation (kept in the store: it survives a reload and is cleared on logout, inactivity
 * and modal close) and `send`, which streams an answer into it and then attaches its wines.
 * The stream is aborted when the component unmounts, the page is left or the conversation is
 * cleared under it.
 *
 * The question shows in the Enter's own paint (this hook's state, with the answer's "thinking"
 * line); the store's write (every store reader renders on it) and the request follow that paint.
 * A question still waiting for it when the chat goes or the page is left is kept as interrupted,
 * without a request.
 */
export function useSommelierChat(locale: Locale, url: string) {
  const conversation = useStore(selectConversation)
  const [phase, setPhase] = useState<ChatPhase>('idle')
  // Not kept in the store: after a reload the line says "wait a minute" without the seconds.
  const [wait, setWait] = useState<RateLimitWait | null>(null)
  // Like the wait: after a reload the chat offers its own three follow-ups.
  const [followUps, setFollowUps] = useState<ModelFollowUps | null>(null)
  const running = useRef<Running | null>(null)
  const start = useCallback(
    async (text: string) => {
      if (running.current) return
      const history = getStore().getState().conversation
      const request = sommelierRequest(locale, history, text)
      setWait(null)
      setFollowUps(null)
      let index = -1
      getStore().update((d) => {
        d.conversation.push(...asking(text))
        index = d.conversation.length - 1
      })
      const controller = new AbortController()
      const me: Running = { controller, index }
      running.current = me
      setPhase('streaming')
      const fail = (error: LineError) =>
        writeLine(index, (line) => {
          line.error = error
        })
      try {
        const raw = await streamChat({
          url,
          request,
          signal: controller.signal,
          onText: (received) =>
            writeLine(index, (line) => {
              line.message = visibleAnswer(received)
            }),
        })
        if (running.current !== me) return
        const answer = visibleAnswer(raw)
        writeLine(index, (line) => {
          line.message = answer
        })
        if (answer.trim() === '') {
          fail('empty')
          return
        }
        const parsed = parsePairings(raw)
        if (!parsed.ok) {
          if (parsed.reason === 'malformed')
            reportError({
              widget: 'sommelier',
              area: 'sommelier',
              message: 'Sommelier: unreadable pairings; answer shown without wines',
              level: 'warn',
            })
          return
        }
        if (parsed.followUps.length > 0) setFollowUps({ index, questions: parsed.followUps })
        if (parsed.pairings.length === 0) return
        setPhase('searching')
        try {
          const wines = await suggestWines(locale, parsed.pairings)
          if (running.current === me) {
            writeLine(index, (line) => {
              line.wines = wines
            })
          }
        } catch (error) {
          // The answer stands on its own; only the cards are missing.
          reportError({
            widget: 'sommelier',
            area: 'sommelier',
            message: 'Sommelier: the wine search failed',
            error,
            level: 'warn',
          })
        }
      } catch (error) {
        if (controller.signal.aborted || running.current !== me) return
        reportError({
          widget: 'sommelier',
          area: 'sommelier',
          message: 'Sommelier: the answer failed',
          error,
          level: 'warn',
        })
        fail(error instanceof SommelierError ? error.kind : 'network')
        if (error instanceof SommelierError && error.retryAfter !== null)
          setWait({ index, seconds: error.retryAfter })
      } finally {
        if (running.current === me) {
          running.current = null
          setPhase('idle')
        }
      }
    },
    [locale, url],
  )

  // The question shows in the Enter's render; `start` (the store's write and the request) follows
  // the paint. One left waiting when the chat goes is kept as interrupted, never sent.
  const [asked, ask, dropAsked] = usePaintFirst<string>((text) => void start(text), {
    atLeave: keepUnsent,
  })

  /**
   * Stop the running answer (its fetch is aborted: the proxy then cancels the model's stream), or
   * the question still waiting to be sent; `mark` is what the line then tells the reader.
   */
  const stop = useCallback(
    (mark: LineError | null) => {
      const left = dropAsked()
      if (left !== null && mark) keepUnsent(left, mark)
      const current = running.current
      if (!current) return
      running.current = null
      current.controller.abort()
      if (mark) {
        writeLine(current.index, (line) => {
          line.error = mark
        })
      }
    },
    [dropAsked],
  )

  useEffect(() => {
    const onPageHide = () => stop('interrupted')
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      stop('interrupted')
    }
  }, [stop])

  // Logout, inactivity or closing the modal empties the conversation: stop writing into it.
  useEffect(() => {
    const current = running.current
    if (current && conversation.length <= current.index) {
      stop(null)
      setPhase('idle')
    }
  }, [conversation.length, stop])

  /** The shopper's Stop: what came of the answer stays, marked as stopped. */
  const stopAnswer = useCallback(() => {
    stop('stopped')
    setPhase('idle')
  }, [stop])

  const send = useCallback(
    (question: string) => {
      const text = question.trim()
      if (!text || running.current || asked !== null) return
      ask(text)
    },
    [ask, asked],
  )

  const shown = useMemo(
    () => (asked === null ? conversation : [...conversation, ...asking(asked)]),
    [asked, conversation],
  )
  return {
    conversation: shown,
    phase: asked === null ? phase : 'streaming',
    send,
    stop: stopAnswer,
    wait,
    followUps,
  }
}
