import { Component, type ReactNode } from 'react'
import { MissingConfigError } from '../config/config'

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
    if (error instanceof MissingConfigError)
      console.error(`[wine-widgets] ${this.props.name}: ${error.message}`)
    else console.error(`[wine-widgets] The "${this.props.name}" widget crashed`, error)
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}
