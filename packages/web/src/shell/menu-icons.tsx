import type { RouteName } from '@asset-portal/shared';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BusinessIcon from '@mui/icons-material/Business';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DevicesIcon from '@mui/icons-material/Devices';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import FolderIcon from '@mui/icons-material/Folder';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import HistoryIcon from '@mui/icons-material/History';
import LayersIcon from '@mui/icons-material/Layers';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import RouteIcon from '@mui/icons-material/Route';
import TerrainIcon from '@mui/icons-material/Terrain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ReactElement } from 'react';

// Icons are presentation only, so they live with the menu rather than in the shared route table.
const iconsByRoute: Partial<Record<RouteName, ReactElement>> = {
  Viewer: <MapIcon />,
  FullViewer: <FullscreenIcon />,
  Layers: <LayersIcon />,
  PipelineManagement: <AccountTreeIcon />,
  ImportedScans: <TerrainIcon />,
  Basestation: <CellTowerIcon />,
  TrajectoryProcessing: <RouteIcon />,
  BulkProcessing: <DynamicFeedIcon />,
  DeviceAssignment: <DevicesIcon />,
  Projects: <FolderIcon />,
  Organizations: <BusinessIcon />,
  Users: <PeopleIcon />,
  ActivityLogs: <HistoryIcon />,
  PackageUpload: <UploadFileIcon />,
};

/** The side-menu icon of a route. */
export function menuIconFor(name: RouteName): ReactElement {
  return iconsByRoute[name] ?? <FolderIcon />;
}

/** A stable test id for a menu entry, e.g. 'menu-entry-pipeline-management' ('/' is 'viewer'). */
export function menuTestIdFor(path: string): string {
  const slug = path.replace(/^\//, '').split('/')[0] || 'viewer';
  return `menu-entry-${slug}`;
}
