import { describe, expect, it } from 'vitest';
import {
  CALLBACK_PATH,
  canAccessRoute,
  loginPathWithRedirect,
  menuEntriesFor,
  ROUTE_PATHS,
  ROUTES,
  routeByName,
  routeByPath,
  routePath,
  safeRedirectPath,
} from './routes.ts';

describe('route table', () => {
  it('holds every path of the spec', () => {
    expect(ROUTE_PATHS).toMatchObject({
      Login: '/login',
      LoginCallback: '/login/oauth2/code/cognito',
      Unauthorized: '/unauthorized',
      Logout: '/logout',
      Viewer: '/',
      FullViewer: '/full-viewer',
      Layers: '/layers',
      PipelineManagement: '/pipeline-management',
      ImportedScans: '/imported-scans',
      Basestation: '/basestation',
      TrajectoryProcessing: '/trajectory-processing',
      BulkProcessing: '/bulk-processing',
      DeviceAssignment: '/device-assignment',
      Projects: '/projects',
      Organizations: '/organizations',
      Users: '/users',
      ActivityLogs: '/activity-logs',
      PackageUpload: '/package-upload',
    });
    expect(CALLBACK_PATH).toBe('/login/oauth2/code/cognito');
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('shows the project selector only on the routes flagged for it', () => {
    const withSelector = ROUTES.filter((r) => r.showsProjectSelector).map((r) => r.name);
    expect(withSelector).toEqual([
      'Viewer',
      'FullViewer',
      'Layers',
      'PipelineManagement',
      'ImportedScans',
      'Basestation',
      'TrajectoryProcessing',
      'BulkProcessing',
    ]);
  });

  it('marks sign-in routes public and outside the menu', () => {
    for (const name of ['Login', 'LoginCallback', 'Unauthorized', 'Logout'] as const) {
      expect(routeByName(name).public).toBe(true);
      expect(routeByName(name).isMenuItem).toBe(false);
    }
  });
});

describe('menu entries', () => {
  it('gives admins every entry', () => {
    expect(menuEntriesFor('Admin').map((r) => r.menuLabel)).toEqual([
      'Scans',
      'Scans (Full Viewer)',
      'Layers',
      'Pipeline Management',
      'Imported Scans',
      'Basestation Files',
      'Trajectory Processing',
      'Bulk Processing',
      'Device Assignment',
      'Projects',
      'Organizations',
      'Users',
      'Activity Logs',
      'Package Upload',
    ]);
  });

  it('hides admin-only entries from power users', () => {
    const labels = menuEntriesFor('Power User').map((r) => r.menuLabel);
    expect(labels).not.toContain('Scans (Full Viewer)');
    expect(labels).not.toContain('Organizations');
    expect(labels).toContain('Activity Logs');
  });

  it('gives standard users the viewer and package upload', () => {
    expect(menuEntriesFor('Standard').map((r) => r.menuLabel)).toEqual(['Scans', 'Package Upload']);
    expect(menuEntriesFor(null)).toEqual([]);
  });
});

describe('access', () => {
  it('treats an empty list as all users', () => {
    expect(canAccessRoute('PackageUpload', 'Standard')).toBe(true);
    expect(canAccessRoute('Organizations', 'Power User')).toBe(false);
    expect(canAccessRoute(routeByName('Users'), 'Standard')).toBe(false);
    expect(canAccessRoute('Login', undefined)).toBe(true);
    expect(canAccessRoute('Viewer', undefined)).toBe(false);
  });

  it('builds paths with search and login redirects', () => {
    expect(routePath('TrajectoryProcessing', { search: 'S 1/2' })).toBe(
      '/trajectory-processing?search=S%201%2F2',
    );
    expect(routePath('Projects', { search: 'x' })).toBe('/projects');
    expect(loginPathWithRedirect('/users?x=1')).toBe('/login?redirect=%2Fusers%3Fx%3D1');
    expect(loginPathWithRedirect('/')).toBe('/login');
    expect(routeByPath('/users/')?.name).toBe('Users');
    expect(routeByPath('/?a=1')?.name).toBe('Viewer');
  });

  it('only honours same-origin redirect targets', () => {
    expect(safeRedirectPath('/projects?x=1')).toBe('/projects?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});
