import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';

interface State {
  failed: boolean;
}

/**
 * The error boundary around every route (and independent panels): a render error shows the
 * 'Internal Server Error' page with a retry instead of a blank screen. `resetKey` (the path)
 * clears it when the guest navigates away.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };
  private failedKey: string | undefined;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.failedKey = this.props.resetKey;
    console.warn('Route failed to render', error, info.componentStack);
  }

  override componentDidUpdate(): void {
    if (this.state.failed && this.failedKey !== undefined && this.props.resetKey !== this.failedKey) {
      this.failedKey = undefined;
      this.setState({ failed: false });
    }
  }

  override render() {
    if (this.state.failed) return <ErrorPage status={500} onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
