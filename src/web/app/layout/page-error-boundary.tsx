import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from '../routes/route-error.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The page's path: going to another page clears a caught error. */
  pathname: string;
}

interface BoundaryState {
  failed: boolean;
  error?: unknown;
  /** The path the error was caught on (recorded by the render right after it). */
  failedAt?: string | undefined;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error, failedAt: undefined };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    if (!state.failed) return null;
    if (state.failedAt === undefined) return { ...state, failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { failed: false };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** A page that throws (or whose chunk fails to load) shows RouteError inside the layout. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
