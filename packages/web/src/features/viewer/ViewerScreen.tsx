import { Box, Paper, Typography } from '@mui/material';
import { type ReactNode, useEffect, useMemo } from 'react';
import { prepareMap, SCAN_MAP_MIN_HEIGHT, ScanMap } from '../map/index.ts';
import { FocusedScanActions } from '../scan-actions/index.ts';
import { DrawerFrame } from './DrawerFrame.tsx';
import { ImagePanel } from './images/index.ts';
import { LayersMenu } from './LayersMenu.tsx';
import { PointCloudSlot } from './panels/PointCloudSlot.tsx';
import { ViewerPanels } from './panels/ViewerPanels.tsx';
import { ScanDrawer } from './ScanDrawer.tsx';
import { useViewerController, type ViewerController } from './use-viewer-controller.ts';
import { viewerActions } from './viewer-store.ts';

const FULL_HEIGHT = { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 64px)' };
const PANELS_MIN_HEIGHT = 300;

type Variant = 'viewer' | 'full';

/**
 * The Scans screen: the current project's scans on the map, the filter and the scan list in a
 * drawer, and the image, annotation, profile and 3D panels. The Full Viewer shows the 3D view
 * large and the map beside it. What it knows and does is `useViewerController`'s; this is its
 * layout.
 */
export function ViewerScreen({ variant }: { variant: Variant }) {
  const viewer = useViewerController();
  // The map is made once a project is chosen; its code and workers are made ready before.
  useEffect(prepareMap, []);
  const { selection, overlayHandlers } = viewer;
  const images = useMemo(
    () => (
      <ImagePanel
        scanId={selection.focusedScanId}
        frameIndex={selection.focusedImageIndex}
        onFrameIndexChange={viewerActions.setFrameIndex}
        onCameraPositionChange={overlayHandlers.camera}
      />
    ),
    [selection.focusedScanId, selection.focusedImageIndex, overlayHandlers.camera],
  );

  const { projectId } = viewer;
  if (!projectId) {
    return (
      <Box sx={{ height: FULL_HEIGHT, display: 'grid', placeItems: 'center' }}>
        <Typography color="text.secondary" data-testid="viewer-no-project">
          Choose a project in the top bar to see its scans.
        </Typography>
      </Box>
    );
  }

  const map = <ViewerMap viewer={viewer} projectId={projectId} />;
  const panels = (
    <ViewerPanels
      pointCloud={variant === 'full' ? 'elsewhere' : 'tab'}
      projectId={projectId}
      scanIds={viewer.scanIds}
      selectedScanIds={selection.selectedScanIds}
      visibleSelectedScanIds={viewer.visibleSelected}
      focusedScanId={selection.focusedScanId}
      frameIndex={selection.focusedImageIndex}
      onFrameIndexChange={viewerActions.setFrameIndex}
      onCameraPositionChange={overlayHandlers.camera}
      selectedAnnotationIds={viewer.selectedAnnotationIds}
      onSelectAnnotation={viewer.handleSelectAnnotation}
      onUnselectAnnotation={viewer.handleUnselectAnnotation}
      requestPoint={viewer.requestPoint}
      requestLine={viewer.requestLine}
      onAnnotationsChange={overlayHandlers.annotations}
      onProfileLineChange={overlayHandlers.profileLine}
      onProfileHoverChange={overlayHandlers.profileHover}
      mapCenter={viewer.mapCenter}
      onCloudCenterChange={viewer.handleCloudCenter}
      images={images}
    />
  );

  return (
    <Box
      data-testid={variant === 'full' ? 'full-viewer' : 'viewer'}
      sx={{ height: FULL_HEIGHT, display: 'flex', minWidth: 0 }}
    >
      <DrawerFrame
        drawer={<ViewerDrawer viewer={viewer} projectId={projectId} />}
        loading={viewer.loading}
        initiallyOpen={variant !== 'full'}
        mainMinHeight={variant === 'full' ? undefined : SCAN_MAP_MIN_HEIGHT + PANELS_MIN_HEIGHT}
      >
        {variant === 'full' ? (
          <FullLayout viewer={viewer} map={map} panels={panels} />
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
            <Box sx={{ flexGrow: 1, minHeight: SCAN_MAP_MIN_HEIGHT }}>{map}</Box>
            <Paper
              square
              elevation={0}
              sx={{
                height: '50%',
                minHeight: PANELS_MIN_HEIGHT,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              {panels}
            </Paper>
          </Box>
        )}
      </DrawerFrame>
    </Box>
  );
}

interface PartProps {
  viewer: ViewerController;
  projectId: string;
}

/** The map with the scans' paths, the project layers and the panels' overlays. */
function ViewerMap({ viewer, projectId }: PartProps) {
  return (
    <Box sx={{ position: 'relative', height: '100%', minHeight: 0 }} data-testid="viewer-map">
      <ScanMap
        ref={viewer.mapRef}
        scans={viewer.mapScans}
        waitForScans={viewer.loading}
        selectedScanIds={viewer.selectedSet}
        focusedScanId={viewer.selection.focusedScanId}
        layers={viewer.shownLayers}
        overlays={viewer.overlays}
        projectId={projectId}
        onScanClick={viewer.handleScanClick}
        onScanHover={viewer.setHoveredScanId}
        onMoveEnd={viewer.setMapCenter}
      />
      <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
        <LayersMenu
          layers={viewer.layers}
          selectedIds={viewer.selection.selectedLayerIds}
          zoom={viewer.mapCenter?.zoom ?? null}
          onChange={viewerActions.setLayers}
          onZoomTo={viewer.handleZoomToBox}
        />
      </Box>
    </Box>
  );
}

/** The drawer: filter, scan list and the focused scan's actions. */
function ViewerDrawer({ viewer, projectId }: PartProps) {
  const { selection } = viewer;
  return (
    <ScanDrawer
      filter={viewer.filter}
      options={viewer.options}
      onFilterChange={viewer.handleFilterChange}
      onSelectAllFiltered={viewer.handleSelectAllFiltered}
      onUnselectAll={viewerActions.unselectAll}
      onZoomToSelected={viewer.handleZoomToSelected}
      scans={viewer.filteredScans}
      noresults={viewer.noresults}
      emptyText={viewer.emptyText}
      page={viewer.page}
      selectedScanIds={viewer.selectedSet}
      visibleScanIds={viewer.visibleSet}
      focusedScanId={selection.focusedScanId}
      hoveredScanId={viewer.hoveredScanId}
      onPageChange={viewerActions.setPage}
      onToggleSelect={viewer.handleToggleSelect}
      onFocus={viewer.handleFocus}
      onToggleVisibility={viewerActions.toggleVisibility}
      footer={
        <FocusedScanActions
          projectId={projectId}
          focusedScanId={selection.focusedScanId}
          requestBox={viewer.requestBox}
          onBoxChange={viewer.overlayHandlers.boundingBox}
        />
      }
    />
  );
}

/** The Full Viewer: the 3D view large, the map and the panels in a column beside it. */
function FullLayout({
  viewer,
  map,
  panels,
}: {
  viewer: ViewerController;
  map: ReactNode;
  panels: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', height: '100%', minWidth: 0 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }} data-testid="viewer-3d-large">
        <PointCloudSlot
          scanIds={viewer.visibleSelected}
          mapCenter={viewer.mapCenter}
          onCameraCenterChange={viewer.handleCloudCenter}
        />
      </Box>
      <Paper
        square
        elevation={0}
        sx={{
          width: 360,
          display: 'flex',
          flexDirection: 'column',
          borderLeft: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ height: '40%', minHeight: 220 }}>{map}</Box>
        <Box sx={{ flexGrow: 1, minHeight: 0 }}>{panels}</Box>
      </Paper>
    </Box>
  );
}
