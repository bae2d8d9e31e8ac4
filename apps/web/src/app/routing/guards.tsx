import { Center, Loader } from '@mantine/core';
import { canOpenRoute } from '@signet/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../api.ts';
import { useStoredSession } from '../session/use-session.ts';
import { homeFor } from './home.ts';

export function PageLoader() {
  return (
    <Center h="50vh">
      <Loader aria-label="…" data-testid="page-loader" />
    </Center>
  );
}

/** Signed-out visitors of a signed-in page go to /login, which brings them back afterwards. */
export function RequireSession() {
  const session = useStoredSession();
  const location = useLocation();
  if (!session) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}

/**
 * Spec §6 routes by role: a role without the route lands on /accessdenied?status=forbidden.
 * `route` is the route's name in the contracts table.
 */
export function RequireRoute({ route }: { route: string }) {
  const user = useCurrentUser();
  if (!user.data) return <PageLoader />;
  if (!canOpenRoute(user.data.role, route)) return <Navigate to="/accessdenied?status=forbidden" replace />;
  return <Outlet />;
}

/** Sign-in pages: a signed-in user goes home instead. */
export function GuestOnly() {
  const location = useLocation();
  const session = useStoredSession();
  const user = useCurrentUser();
  // An integration's sign-in request (redirect_uri) is answered by the login page itself.
  const forIntegration = new URLSearchParams(location.search).has('redirect_uri');
  if (session && user.data && !forIntegration) return <Navigate to={homeFor(user.data.role)} replace />;
  return <Outlet />;
}

export function HomeRedirect() {
  const session = useStoredSession();
  const user = useCurrentUser();
  if (!session) return <Navigate to="/login" replace />;
  if (!user.data) return <PageLoader />;
  return <Navigate to={homeFor(user.data.role)} replace />;
}
