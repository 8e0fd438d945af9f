import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Link } from '../ui/link.tsx';

/** What every route shows when it breaks: say so and offer a way out. */
export function ErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <section
      role="alert"
      className="flex min-h-full flex-col items-center justify-center gap-4 bg-surface p-8 text-center text-white"
    >
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted">{message}</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-white px-6 py-3 font-bold text-black"
        >
          Reload
        </button>
        <Link to="/" className="rounded-full border border-white/40 px-6 py-3 font-bold">
          Go home
        </Link>
      </div>
    </section>
  );
}

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <EmptyState
      heading="h1"
      mark="404"
      title="Page not found"
      message="We can't seem to find the page you are looking for."
      home
    />
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; pathname: string }> {
  override state = { error: null as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Going to another page leaves the error behind, as the router's own boundaries did.
  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** The error boundary of every route, including a page whose code fails to load. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
