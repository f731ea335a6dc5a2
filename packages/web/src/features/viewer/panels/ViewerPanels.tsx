import { Box, Tab, Tabs } from '@mui/material';
import { memo, type ReactNode, useState } from 'react';
import { AnnotationPanel } from '../annotations/index.ts';
import { ProfilePanel } from '../profile/index.ts';
import { PointCloudSlot } from './PointCloudSlot.tsx';
import type { ViewerPanelsProps } from './panel-props.ts';

export type ViewerTab = 'images' | 'annotations' | 'profile' | '3d';

const TABS: { value: ViewerTab; label: string }[] = [
  { value: 'images', label: 'Images' },
  { value: 'annotations', label: 'Annotations' },
  { value: 'profile', label: 'Profile' },
  { value: '3d', label: '3D' },
];

/**
 * The tabbed panel area beside the map: camera images, annotations, elevation profile and the
 * 3D view. A tab's panel stays mounted once opened so its state survives switching tabs.
 * Memoized: a filter change leaves the panels' inputs as they were.
 */
export const ViewerPanels = memo(function ViewerPanels({
  initialTab = 'images',
  pointCloud,
  images,
  ...props
}: ViewerPanelsProps & {
  /** The images panel, built by the screen (it shares the focused scan's images with the map). */
  images: ReactNode;
  initialTab?: ViewerTab;
  /** The Full Viewer draws the 3D view elsewhere (large); then the tab is left out. */
  pointCloud?: 'tab' | 'elsewhere';
}) {
  const tabs = pointCloud === 'elsewhere' ? TABS.filter((t) => t.value !== '3d') : TABS;
  const [tab, setTab] = useState<ViewerTab>(initialTab);
  const [opened, setOpened] = useState<ReadonlySet<ViewerTab>>(() => new Set([initialTab]));

  const handleChange = (_event: unknown, next: ViewerTab) => {
    setTab(next);
    setOpened((previous) => (previous.has(next) ? previous : new Set(previous).add(next)));
  };

  const panel = (value: ViewerTab, content: ReactNode) =>
    opened.has(value) ? (
      <Box
        role="tabpanel"
        data-testid={`viewer-panel-${value}`}
        hidden={tab !== value}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          overflow: 'auto',
          display: tab === value ? 'flex' : 'none',
          flexDirection: 'column',
        }}
      >
        {content}
      </Box>
    ) : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Tabs
        value={tab}
        onChange={handleChange}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        aria-label="Scan panels"
      >
        {tabs.map((t) => (
          // Sized by their labels, the rest of the drawer's width shared out: four equal tabs
          // left 'Annotations' 95 of the 106 pixels it needs.
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            sx={{ minHeight: 40, minWidth: 0, px: 1, flex: '1 1 auto' }}
          />
        ))}
      </Tabs>
      {panel('images', images)}
      {panel(
        'annotations',
        props.projectId ? (
          <AnnotationPanel
            projectId={props.projectId}
            scanIds={props.scanIds}
            focusedScanId={props.focusedScanId}
            selectedAnnotationIds={props.selectedAnnotationIds}
            onSelectAnnotation={props.onSelectAnnotation}
            onUnselectAnnotation={props.onUnselectAnnotation}
            requestPoint={props.requestPoint}
            onAnnotationsChange={props.onAnnotationsChange}
          />
        ) : null,
      )}
      {panel(
        'profile',
        props.projectId ? (
          <ProfilePanel
            projectId={props.projectId}
            scanIds={props.selectedScanIds}
            requestLine={props.requestLine}
            onLineChange={props.onProfileLineChange}
            onHoverPositionChange={props.onProfileHoverChange}
          />
        ) : null,
      )}
      {pointCloud === 'elsewhere'
        ? null
        : panel(
            '3d',
            <PointCloudSlot
              scanIds={props.visibleSelectedScanIds}
              mapCenter={props.mapCenter}
              onCameraCenterChange={props.onCloudCenterChange}
            />,
          )}
    </Box>
  );
});
