import type { RouteName } from '@asset-portal/shared';
import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * The component of each signed-in screen of the shared route table, loaded on first visit so
 * the first paint only carries the shell.
 */
export const screenPages: Partial<Record<RouteName, PageLoader>> = {
  Viewer: () => import('../features/viewer/ViewerPage.tsx').then((m) => m.ViewerPage),
  FullViewer: () => import('../features/viewer/FullViewerPage.tsx').then((m) => m.FullViewerPage),
  Layers: () => import('../features/layers/LayersPage.tsx').then((m) => m.LayersPage),
  PipelineManagement: () =>
    import('../features/pipelines/PipelineManagementPage.tsx').then(
      (m) => m.PipelineManagementPage,
    ),
  ImportedScans: () =>
    import('../features/imported-scans/ImportedScansPage.tsx').then((m) => m.ImportedScansPage),
  Basestation: () =>
    import('../features/basestations/BasestationFilesPage.tsx').then((m) => m.BasestationFilesPage),
  TrajectoryProcessing: () =>
    import('../features/trajectory/TrajectoryProcessingPage.tsx').then(
      (m) => m.TrajectoryProcessingPage,
    ),
  BulkProcessing: () =>
    import('../features/bulk-processing/BulkProcessingPage.tsx').then((m) => m.BulkProcessingPage),
  DeviceAssignment: () =>
    import('../features/devices/DeviceAssignmentPage.tsx').then((m) => m.DeviceAssignmentPage),
  Projects: () => import('../features/projects/ProjectsPage.tsx').then((m) => m.ProjectsPage),
  Organizations: () =>
    import('../features/organizations/OrganizationsPage.tsx').then((m) => m.OrganizationsPage),
  Users: () => import('../features/users/UsersPage.tsx').then((m) => m.UsersPage),
  ActivityLogs: () =>
    import('../features/activity-logs/ActivityLogsPage.tsx').then((m) => m.ActivityLogsPage),
  PackageUpload: () =>
    import('../features/uploads/PackageUploadPage.tsx').then((m) => m.PackageUploadPage),
};
