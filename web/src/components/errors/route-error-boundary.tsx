import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { StatusPanel } from '../ui/status-panel';
import { DocumentTitle } from '../ui/document-title';
import { EggFriedIcon } from '../ui/icons';

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

/** What a visitor sees in place of a page that crashed while loading or rendering. */
export function RouteErrorView({ error }: { error: unknown }) {
  return (
    <div className="container">
      <DocumentTitle title="Something went wrong" />
      <StatusPanel
        eyebrow="Something went wrong"
        title="This page could not be shown"
        icon={<EggFriedIcon />}
        tone="danger"
        actions={
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => window.location.reload()}
            >
              Try Again
            </button>
            <Link to="/" className="button button--secondary">
              Back to Home
            </Link>
          </>
        }
      >
        <p>{describe(error)}</p>
        <p>Reloading usually helps. If it keeps happening, the studio would like to know.</p>
      </StatusPanel>
    </div>
  );
}

interface BoundaryProps {
  /** A new value (the next page's path) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page crashed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}

/**
 * Shows `RouteErrorView` in place of what crashed below it (a page's chunk that failed to load, a
 * render error); moving to another page tries again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
