import { createContext, useContext, type ReactNode } from 'react'
import type { Texts, TFunction } from './texts'
import { loadNamespaces } from './i18n'

/** The texts of the widget root a component renders in (mount/root.tsx). */
const TextsContext = createContext<Texts | null>(null)

export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>
}

/** Loads by `locale|namespaces`: what every render that waits for them waits on, then why it failed. */
const loads = new Map<string, { done: Promise<void>; error?: Error }>()

/**
 * The translate function for `namespaces` in the root's locale (or in `options.texts`' locale).
 * Suspends until those namespaces are loaded (the runtime has usually loaded them with the
 * widget's code); one that cannot be loaded is thrown to the root's error boundary.
 */
export function useTranslation(
  namespaces: string | readonly string[],
  options?: { texts?: Texts },
): { t: TFunction } {
  const fromRoot = useContext(TextsContext)
  const texts = options?.texts ?? fromRoot
  if (!texts) throw new Error('useTranslation must be used inside a widget root')
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces
  if (!list.every((ns) => texts.has(ns))) {
    const id = `${texts.locale}|${list.join('|')}`
    let load = loads.get(id)
    if (!load) {
      const started: { done: Promise<void>; error?: Error } = {
        done: loadNamespaces(texts.locale, list).then(
          () => undefined,
          (error: unknown) => {
            started.error = error instanceof Error ? error : new Error(String(error))
          },
        ),
      }
      loads.set(id, (load = started))
    }
    if (load.error !== undefined) throw load.error
    // Suspense's promise protocol (not `use`): React renders again once it settles, in tests'
    // synchronous `act` too. A load that succeeded has put the namespaces in: not this branch.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a promise is what Suspense waits on
    throw load.done
  }
  return { t: texts.fixedT(namespaces) }
}
