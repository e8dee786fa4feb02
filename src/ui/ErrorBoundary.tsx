import { Component, type ReactNode } from 'react'
import { MissingConfigError } from '../config/config'
import { reportError } from '../report/report'

interface Props {
  /** Widget name, for the console. */
  name: string
  /** Rendered instead of the widget after a crash; receives the error. */
  fallback: (error: Error) => ReactNode
  children: ReactNode
}

interface State {
  error: Error | null
}

/** Catches a widget's crash so it shows a small fallback in that widget only. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown) {
    const widget = this.props.name
    if (error instanceof MissingConfigError)
      reportError({
        widget,
        area: 'config',
        message: `${widget}: ${error.message}`,
        error,
        logged: [],
      })
    else reportError({ widget, area: 'widget', message: `The "${widget}" widget crashed`, error })
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}
