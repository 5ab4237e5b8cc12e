import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '../i18n/texts.ts';
import { ChunkLoadError, reloadFor, shouldReloadFor } from './chunks.ts';
import { retryFailedChunks } from './lazyPage.tsx';
import { PreloadLink as Link } from './PreloadLink.tsx';

/**
 * Where a route's part of the screen shows that its code is loading, failed to load (showing
 * 'Loading chunk {id} failed.' with the failure type and address, and Retry), or broke
 * ('Unexpected Application Error!' with a way back). Inside the header layout it covers the content
 * area only, so the header stays; at the top it covers the screen.
 */
export function RouteBoundary({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={`${location.pathname}${location.search}`} fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string; fallback: ReactNode };
type BoundaryState = { error: unknown; attempt: number };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // Another address is another page: start it afresh.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  retry = () => {
    retryFailedChunks();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <Attempt key={attempt}>{this.props.children}</Attempt>;
    if (error instanceof ChunkLoadError) {
      return <ChunkFailure error={error} onRetry={this.retry} loading={this.props.fallback} />;
    }
    // Leaving (back, or to the start page) changes the address, which clears the error.
    return <UnexpectedError />;
  }
}

function Attempt({ children }: { children: ReactNode }) {
  return children;
}

type FailureProps = { error: ChunkLoadError; onRetry: () => void; loading: ReactNode };

function ChunkFailure({ error, onRetry, loading }: FailureProps) {
  const { appLoadTexts } = useTexts('messages');
  // A tab left open across a deploy asks for files that are gone: it reloads (once) instead.
  const [reloading] = useState(() => shouldReloadFor(error));
  useEffect(() => {
    if (reloading) reloadFor(error);
  }, [reloading, error]);
  // A dropped connection usually comes back: try again by itself when the browser is online again.
  useEffect(() => {
    if (error.failureType !== 'error') return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [error, onRetry]);
  if (reloading) return loading;
  return (
    <section className="route-failure" role="alert">
      <p className="route-failure-message">{error.message}</p>
      <button type="button" className="route-failure-button" onClick={onRetry}>
        {appLoadTexts.retry}
      </button>
    </section>
  );
}

function UnexpectedError() {
  const { appLoadTexts } = useTexts('messages');
  const navigate = useNavigate();
  // The page the app opened on has the key 'default': there is nothing in the app to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <section className="route-failure" role="alert" aria-labelledby="route-failure-title">
      <h1 id="route-failure-title" className="route-failure-title">
        {appLoadTexts.unexpectedError}
      </h1>
      <p>{appLoadTexts.unexpectedErrorHint}</p>
      <p className="route-failure-actions">
        {canGoBack && (
          <button type="button" className="route-failure-button" onClick={() => navigate(-1)}>
            {appLoadTexts.goBack}
          </button>
        )}
        <Link to="/">{appLoadTexts.goHome}</Link>
      </p>
    </section>
  );
}
