import type { UserType } from './user-types.ts';

/** Names of every route of the app (spec §2). */
export type RouteName =
  | 'Login'
  | 'LoginCallback'
  | 'Logout'
  | 'Unauthorized'
  | 'Viewer'
  | 'FullViewer'
  | 'Layers'
  | 'PipelineManagement'
  | 'ImportedScans'
  | 'Basestation'
  | 'TrajectoryProcessing'
  | 'BulkProcessing'
  | 'DeviceAssignment'
  | 'Projects'
  | 'Organizations'
  | 'Users'
  | 'ActivityLogs'
  | 'PackageUpload';

export interface RouteDefinition {
  name: RouteName;
  path: string;
  /** Side-menu label, or null for routes that are not in the menu. */
  menuLabel: string | null;
  isMenuItem: boolean;
  /** User types allowed on the route; an empty list means every signed-in user. */
  allowedUserTypes: readonly UserType[];
  /** Whether the top bar shows the project dropdown on this route. */
  showsProjectSelector: boolean;
  /** Reachable without being signed in. */
  public: boolean;
  /** Accepts the optional `search` query parameter that pre-fills the search box. */
  acceptsSearch: boolean;
}

/** Where the identity provider sends the browser back after sign-in. */
export const CALLBACK_PATH = '/login/oauth2/code/cognito';

/** Query parameter carrying the original full path when an anonymous user is sent to /login. */
export const REDIRECT_QUERY_PARAM = 'redirect';

/** Query parameter of the Basestation and TrajectoryProcessing routes. */
export const SEARCH_QUERY_PARAM = 'search';
/** The organization an Admin chose on Device Assignment, kept in the address for Back and reloads. */
export const ORGANIZATION_QUERY_PARAM = 'organization';

const ADMIN: readonly UserType[] = ['Admin'];
const MANAGERS: readonly UserType[] = ['Admin', 'Power User'];
const EVERYONE: readonly UserType[] = ['Admin', 'Power User', 'Standard'];

type RouteOptions = Partial<Omit<RouteDefinition, 'name' | 'path' | 'menuLabel'>>;

function publicRoute(name: RouteName, path: string): RouteDefinition {
  return menuRoute(name, path, null, [], {
    isMenuItem: false,
    public: true,
    showsProjectSelector: false,
  });
}

function menuRoute(
  name: RouteName,
  path: string,
  menuLabel: string | null,
  allowedUserTypes: readonly UserType[],
  options: RouteOptions = {},
): RouteDefinition {
  return {
    name,
    path,
    menuLabel,
    allowedUserTypes,
    isMenuItem: options.isMenuItem ?? true,
    showsProjectSelector: options.showsProjectSelector ?? false,
    public: options.public ?? false,
    acceptsSearch: options.acceptsSearch ?? false,
  };
}

const WITH_PROJECT = { showsProjectSelector: true } as const;

/** The route table of spec §2, in menu order. */
export const ROUTES: readonly RouteDefinition[] = [
  publicRoute('Login', '/login'),
  publicRoute('LoginCallback', CALLBACK_PATH),
  publicRoute('Unauthorized', '/unauthorized'),
  publicRoute('Logout', '/logout'),
  menuRoute('Viewer', '/', 'Scans', EVERYONE, WITH_PROJECT),
  menuRoute('FullViewer', '/full-viewer', 'Scans (Full Viewer)', ADMIN, WITH_PROJECT),
  menuRoute('Layers', '/layers', 'Layers', MANAGERS, WITH_PROJECT),
  menuRoute(
    'PipelineManagement',
    '/pipeline-management',
    'Pipeline Management',
    MANAGERS,
    WITH_PROJECT,
  ),
  menuRoute('ImportedScans', '/imported-scans', 'Imported Scans', MANAGERS, WITH_PROJECT),
  menuRoute('Basestation', '/basestation', 'Basestation Files', MANAGERS, {
    ...WITH_PROJECT,
    acceptsSearch: true,
  }),
  menuRoute('TrajectoryProcessing', '/trajectory-processing', 'Trajectory Processing', MANAGERS, {
    ...WITH_PROJECT,
    acceptsSearch: true,
  }),
  menuRoute('BulkProcessing', '/bulk-processing', 'Bulk Processing', MANAGERS, WITH_PROJECT),
  menuRoute('DeviceAssignment', '/device-assignment', 'Device Assignment', MANAGERS),
  menuRoute('Projects', '/projects', 'Projects', MANAGERS),
  menuRoute('Organizations', '/organizations', 'Organizations', ADMIN),
  menuRoute('Users', '/users', 'Users', MANAGERS),
  menuRoute('ActivityLogs', '/activity-logs', 'Activity Logs', MANAGERS),
  // An empty list: every signed-in user may upload device packages.
  menuRoute('PackageUpload', '/package-upload', 'Package Upload', []),
];

const ROUTES_BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

/** The route with this name. */
export function routeByName(name: RouteName): RouteDefinition {
  const route = ROUTES_BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Path of every route by name, e.g. ROUTE_PATHS.Viewer === '/'. */
export const ROUTE_PATHS = Object.fromEntries(ROUTES.map((r) => [r.name, r.path])) as Record<
  RouteName,
  string
>;

/** The route whose path matches exactly (query and trailing slash ignored). */
export function routeByPath(path: string): RouteDefinition | undefined {
  const bare = path.split(/[?#]/)[0] ?? '';
  const normalized = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return ROUTES.find((route) => route.path === normalized);
}

/** Whether a user of this type may open the route; an empty allowed list means all users. */
export function canAccessRoute(
  route: RouteDefinition | RouteName,
  userType: UserType | null | undefined,
): boolean {
  const definition = typeof route === 'string' ? routeByName(route) : route;
  if (definition.public) return true;
  if (!userType) return false;
  return definition.allowedUserTypes.length === 0 || definition.allowedUserTypes.includes(userType);
}

/** Side-menu entries shown to a user of this type, in menu order. */
export function menuEntriesFor(userType: UserType | null | undefined): RouteDefinition[] {
  return ROUTES.filter((route) => route.isMenuItem && canAccessRoute(route, userType));
}

/** Path to a route, with the optional search parameter for Basestation/TrajectoryProcessing. */
export function routePath(name: RouteName, params: { search?: string | null } = {}): string {
  const route = routeByName(name);
  if (route.acceptsSearch && params.search) {
    return `${route.path}?${SEARCH_QUERY_PARAM}=${encodeURIComponent(params.search)}`;
  }
  return route.path;
}

/** The /login path that brings the user back to `fullPath` after sign-in. */
export function loginPathWithRedirect(fullPath: string): string {
  const login = ROUTE_PATHS.Login;
  if (!fullPath || fullPath === '/' || fullPath.startsWith(login)) return login;
  return `${login}?${REDIRECT_QUERY_PARAM}=${encodeURIComponent(fullPath)}`;
}

/**
 * A safe in-app redirect target: only same-origin absolute paths are honoured so the login
 * redirect cannot be abused to send users to another site.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return ROUTE_PATHS.Viewer;
  }
  return target;
}
