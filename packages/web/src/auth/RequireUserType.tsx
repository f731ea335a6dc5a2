import { canAccessRoute } from '@asset-portal/shared';
import { Navigate, Outlet } from 'react-router';
import { useCurrentRouteMeta } from '../shell/route-meta.ts';
import { useSignedInUser } from './RequireSession.tsx';

/** Parent of one screen: a user type the route does not allow goes to the Viewer. */
export function RequireUserType() {
  const user = useSignedInUser();
  const route = useCurrentRouteMeta();
  if (route && !canAccessRoute(route, user.userType)) return <Navigate to="/" replace />;
  return <Outlet />;
}
