import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GlobalErrorScreen } from './global-error-screen';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: (error: unknown) => ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) {
      return this.props.fallback ? this.props.fallback(this.state.error) : <GlobalErrorScreen error={this.state.error} />;
    }
    return this.props.children;
  }
}
