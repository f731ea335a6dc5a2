import { ROUTE_PATHS, ROUTES, type RouteDefinition } from '@asset-portal/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../auth/LoginPage.tsx';
import { LogoutPage } from '../auth/LogoutPage.tsx';
import { RequireSession } from '../auth/RequireSession.tsx';
import { RequireUserType } from '../auth/RequireUserType.tsx';
import { UnauthorizedPage } from '../auth/UnauthorizedPage.tsx';
import { clearStoredProcessingWatch } from '../features/processing/processing-watch-storage.ts';
import { clearCurrentProject } from '../features/projects/current-project-store.ts';
import { ProjectSelector } from '../features/projects/ProjectSelector.tsx';
import { UploadMonitorButton } from '../features/uploads/UploadMonitorButton.tsx';
import { FullScreenSpinner } from '../shell/FullScreenSpinner.tsx';
import { RouteErrorPage } from '../shell/RouteErrorPage.tsx';
import type { RouteHandle } from '../shell/route-meta.ts';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { screenPages } from './screen-pages.ts';

/** What the browser keeps for the user who signs out: the next one starts afresh. */
function forgetTabState(): void {
  clearCurrentProject();
  clearStoredProcessingWatch();
}

/** One signed-in screen: the user-type guard as parent, the lazily loaded page inside. */
function screenRoute(route: RouteDefinition): RouteObject {
  const loadPage = screenPages[route.name];
  if (!loadPage) throw new Error(`No page for route ${route.name}`);
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    handle,
    Component: RequireUserType,
    // Inside the shell: a screen that fails leaves the menu and the running uploads in place.
    ErrorBoundary: RouteErrorPage,
    children: [{ index: true, lazy: async () => ({ Component: await loadPage() }) }],
  };
}

/** The route tree: public pages, then every screen behind the session guard and the shell. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      hydrateFallbackElement: <FullScreenSpinner />,
      ErrorBoundary: RouteErrorPage,
      children: [
        { path: ROUTE_PATHS.Login, Component: LoginPage },
        { path: ROUTE_PATHS.LoginCallback, Component: LoginPage },
        {
          path: ROUTE_PATHS.Logout,
          element: <LogoutPage onSignOut={forgetTabState} />,
        },
        { path: ROUTE_PATHS.Unauthorized, Component: UnauthorizedPage },
        {
          Component: RequireSession,
          children: [
            {
              element: (
                <ShellLayout
                  projectSelector={<ProjectSelector />}
                  actions={<UploadMonitorButton />}
                />
              ),
              children: ROUTES.filter((route) => !route.public).map(screenRoute),
            },
          ],
        },
        { path: '*', element: <Navigate to={ROUTE_PATHS.Viewer} replace /> },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser router of the app. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes());
}
