import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordRenderError } from '../lib/diagnostics.ts';
import { Button } from './ui/button.tsx';

type BoundaryProps = {
  children: ReactNode;
  fallback: (error: Error, reset: () => void) => ReactNode;
  name: string;
};
type BoundaryState = { error: Error | null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.name}]`, error, info.componentStack);
    recordRenderError(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** Outermost boundary (spec 1 §2.10): an uncaught render error anywhere in the app. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary name="app" fallback={() => <AppErrorScreen />}>
      {children}
    </Boundary>
  );
}

export function AppErrorScreen() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div role="alert" className="max-w-md text-center">
        <AlertTriangle className="mx-auto mb-4 size-12 text-destructive" aria-hidden />
        <h1 className="mb-2 text-2xl font-bold">Something went wrong</h1>
        <p className="mb-6 text-muted-foreground">
          We're sorry, but something unexpected happened. Please refresh the page to try again.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Refresh Page
        </Button>
      </div>
    </main>
  );
}

/** Around the routed page: a page that fails to load or render shows the router fallback, the shell stays. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary name="route" fallback={(error) => <RouteErrorScreen error={error} />}>
      {children}
    </Boundary>
  );
}

export function RouteErrorScreen({ error }: { error: Error }) {
  return (
    <div role="alert" className="mx-auto max-w-2xl p-8">
      <h2 className="mb-3 text-2xl font-bold">Unexpected Application Error!</h2>
      <p className="mb-6 font-mono text-sm text-muted-foreground">{error.message}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden />
        Reload
      </Button>
    </div>
  );
}

/** Around one widget: its failure leaves the rest of the page usable, with a Retry. */
export function ComponentBoundary({ children, name = 'component' }: { children: ReactNode; name?: string }) {
  return (
    <Boundary
      name={name}
      fallback={(_, reset) => (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-6 text-center"
        >
          <p className="text-sm text-muted-foreground">Component temporarily unavailable</p>
          <Button size="sm" variant="outline" onClick={reset}>
            Retry
          </Button>
        </div>
      )}
    >
      {children}
    </Boundary>
  );
}
