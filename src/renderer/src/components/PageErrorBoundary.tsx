import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from './Button'
import { Icon } from './Icon'

interface Props {
  /** The page's name, for the message ("The Models page stopped working"). */
  page: string
  children: ReactNode
}

/**
 * Holds one page's render errors inside that page: navigation and the status bar stay, the page says what
 * happened and offers to render itself again. Without it one throwing view blanks the whole app.
 */
export class PageErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.page} page failed to render`, error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <section className="page-crashed" role="alert" aria-labelledby="page-crashed-title">
        <Icon name="warning" size={22} />
        <h1 id="page-crashed-title">The {this.props.page} page stopped working</h1>
        <p>The rest of the app still works: pick another page, or try this one again. Your data on the gateway is untouched.</p>
        <pre className="page-crashed-detail">{error.message}</pre>
        <Button variant="primary" onClick={() => this.setState({ error: null })}>Reload this page</Button>
      </section>
    )
  }
}
