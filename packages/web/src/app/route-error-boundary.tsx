import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from '../lib/router/router';
import { RouteErrorPage } from './route-error-page';

interface BoundaryProps {
  children: ReactNode;
  location: Location;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  location: Location;
}

/** Forgets the error when the user navigates away (e.g. the error page's link home), as a data router's boundary would. */
class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    return { error: undefined, failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** A route's last resort: rendering it (or a route below it) throws, and the error page takes its place. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary location={location}>{children}</LocationErrorBoundary>;
}
