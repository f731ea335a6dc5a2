import { SCAN_PAGE_SIZE, type ScanFilter } from '@asset-portal/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/create-store.ts';
import type {
  DrawnFrom,
  LngLatBox,
  MapCenter,
  MapLayerSpec,
  MapOverlays,
  ScanMapHandle,
} from '../map/index.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { useProjects } from '../projects/use-projects.ts';
import { filterOptionsOf } from './filter/filter-options.ts';
import { nearestFrameIndex, useScanImages } from './images/index.ts';
import { emptyListText } from './list/scan-list-format.ts';
import { defaultLayerIds } from './project-layer-rules.ts';
import { filteredScansOf, useFilteredScans } from './use-filtered-scans.ts';
import { useMapScans } from './use-map-scans.ts';
import { useProjectLayers } from './use-project-layers.ts';
import { useScanLink } from './use-scan-link.ts';
import { useProjectScans, type ViewerScan } from './use-scans-summary.ts';
import { viewerActions, viewerState } from './viewer-store.ts';
import { markFilterChange } from './viewer-timing.ts';

/**
 * What the Scans screen knows and does, apart from its layout: the current project's scans and
 * layers, the filter and selection (from the viewer store), the map overlays the panels draw,
 * and the handlers of the map, the drawer and the panels. The handlers are stable where a
 * filter change must not re-render the panels and the map.
 */
export function useViewerController() {
  const { project } = useCurrentProject();
  const { projects, loading: projectsLoading } = useProjects();
  const projectId = project?.id ?? null;
  const state = useStore(viewerState);
  const { selection, filter, page } = state;
  const projectScans = useProjectScans(projectId);
  const { scans, summaryIds, byId, annotatedScanIds } = projectScans;
  const summaryIdsRef = useRef(summaryIds);
  summaryIdsRef.current = summaryIds;
  const byIdRef = useRef(byId);
  byIdRef.current = byId;
  const mapRef = useRef<ScanMapHandle>(null);

  const selectedSet = useMemo(
    () => new Set(selection.selectedScanIds),
    [selection.selectedScanIds],
  );
  const visibleSet = useMemo(() => new Set(selection.visibleScanIds), [selection.visibleScanIds]);
  const filtered = useFilteredScans(scans, filter, selection.selectedScanIds, annotatedScanIds);
  const { mapScans, toMap } = useMapScans(scans, filtered.scans, selectedSet, visibleSet);
  // What a filter change needs at once, read from the handler without re-creating it.
  const forFilterChange = {
    scans,
    selectedScanIds: selection.selectedScanIds,
    annotatedScanIds,
    toMap,
  };
  const latest = useRef(forFilterChange);
  latest.current = forFilterChange;
  const options = useMemo(() => filterOptionsOf(scans), [scans]);
  const scanIds = useMemo(() => scans.map((scan) => scan.id), [scans]);
  const [hoveredScanId, setHoveredScanId] = useState<string | null>(null);
  const [overlays, setOverlays] = useState<MapOverlays>({});
  const [mapCenter, setMapCenter] = useState<MapCenter | null>(null);

  // Project layers: shown by default when flagged so, each time a project opens.
  const { layers, loaded: layersLoaded } = useProjectLayers(projectId);
  const layersInitializedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!projectId || !layersLoaded || layersInitializedFor.current === projectId) return;
    layersInitializedFor.current = projectId;
    viewerActions.setLayers(defaultLayerIds(layers));
  }, [projectId, layersLoaded, layers]);
  const shownLayers = useMemo<MapLayerSpec[]>(() => {
    const chosen = new Set(selection.selectedLayerIds);
    return layers.filter((layer) => chosen.has(layer.id));
  }, [layers, selection.selectedLayerIds]);

  // The overlays of a project's panels belong to that project.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on project change only
  useEffect(() => {
    setOverlays({});
    setHoveredScanId(null);
  }, [projectId]);

  // A project opens showing all its scans.
  const fittedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!projectId || scans.length === 0 || fittedFor.current === projectId) return;
    if (scans[0]?.projectId !== projectId) return;
    fittedFor.current = projectId;
    mapRef.current?.fitToScans(scanIds);
  }, [projectId, scans, scanIds]);

  const focusedImages = useScanImages(selection.focusedScanId);

  // A linked scan is shown on its page of the list (the list scrolls to the focused row) and on
  // the map.
  const handleOpenLinkedScan = useCallback((scan: ViewerScan) => {
    const { scans, selectedScanIds, annotatedScanIds } = latest.current;
    const { filter } = viewerState.get();
    const shown = filteredScansOf(scans, filter, [...selectedScanIds, scan.id], annotatedScanIds);
    const index = shown.scans.findIndex((candidate) => candidate.id === scan.id);
    if (index >= 0) viewerActions.setPage(Math.floor(index / SCAN_PAGE_SIZE));
    viewerActions.focus(scan, summaryIdsRef.current);
    requestAnimationFrame(() => mapRef.current?.fitToScans([scan.id]));
  }, []);
  useScanLink({
    projectId,
    projects,
    projectsLoading,
    summaryLoading: projectScans.loading,
    byId,
    focusedScanId: selection.focusedScanId,
    onOpen: handleOpenLinkedScan,
  });

  const handleFilterChange = useCallback((next: ScanFilter) => {
    markFilterChange();
    // The map gets the result before React renders the list: software WebGL (a machine without
    // a GPU) then draws it while the list renders, not after. The render finds the same result.
    const { scans, selectedScanIds, annotatedScanIds, toMap } = latest.current;
    const result = filteredScansOf(scans, next, selectedScanIds, annotatedScanIds);
    mapRef.current?.showScans(toMap(result.scans));
    viewerActions.setFilter(next);
  }, []);
  const handleToggleSelect = useCallback(
    (scan: ViewerScan) => viewerActions.toggle(scan, summaryIdsRef.current),
    [],
  );
  // Focused from the list, a scan out of the map's view is brought into it.
  const handleFocus = useCallback((scan: ViewerScan) => {
    viewerActions.focus(scan, summaryIdsRef.current);
    mapRef.current?.revealScans([scan.id]);
  }, []);
  const handleSelectAllFiltered = () => viewerActions.select(filtered.scans, summaryIds);
  const handleZoomToSelected = () => mapRef.current?.fitToScans(selection.selectedScanIds);
  const handleZoomToBox = (box: LngLatBox, drawn?: DrawnFrom) =>
    mapRef.current?.fitToBounds(box, drawn);

  // A click on an unselected path selects it, on a selected one focuses it, and on the focused
  // one shows the camera image nearest to the click.
  const handleScanClick = (scanId: string, [lon, lat]: [number, number]) => {
    const scan = byId.get(scanId);
    if (!scan) return;
    if (!selectedSet.has(scanId)) {
      viewerActions.select([scan], summaryIds);
    } else if (selection.focusedScanId !== scanId) {
      viewerActions.focus(scan, summaryIds);
    } else {
      const index = nearestFrameIndex(focusedImages.images, lon, lat);
      if (index !== null) viewerActions.setFrameIndex(index);
    }
  };

  const setOverlay = useCallback(
    <K extends keyof MapOverlays>(key: K, value: MapOverlays[K]) =>
      setOverlays((current) => (current[key] === value ? current : { ...current, [key]: value })),
    [],
  );
  // Stable handlers let the panels and the map skip the renders of a filter change.
  const overlayHandlers = useMemo(() => {
    const forKey =
      <K extends keyof MapOverlays>(key: K) =>
      (value: MapOverlays[K]) =>
        setOverlay(key, value);
    return {
      camera: forKey('camera'),
      annotations: forKey('annotations'),
      profileLine: forKey('profileLine'),
      profileHover: forKey('profileHover'),
      boundingBox: forKey('boundingBox'),
    };
  }, [setOverlay]);
  const handleSelectAnnotation = useCallback(
    (annotation: { id: string; scanId: string }) =>
      viewerActions.selectAnnotation(
        annotation,
        byIdRef.current.get(annotation.scanId),
        summaryIdsRef.current,
      ),
    [],
  );
  const handleUnselectAnnotation = useCallback(
    (annotation: { id: string; scanId: string }) => viewerActions.unselectAnnotation(annotation.id),
    [],
  );

  const requestPoint = useCallback(
    () => mapRef.current?.requestPoint() ?? Promise.resolve(null),
    [],
  );
  const requestLine = useCallback(() => mapRef.current?.requestLine() ?? Promise.resolve(null), []);
  const requestBox = useCallback(() => mapRef.current?.requestBox() ?? Promise.resolve(null), []);
  const visibleSelected = useMemo(
    () => selection.selectedScanIds.filter((id) => visibleSet.has(id)),
    [selection.selectedScanIds, visibleSet],
  );
  const selectedAnnotationIds = useMemo(
    () => new Set(selection.selectedAnnotations.map((a) => a.id)),
    [selection.selectedAnnotations],
  );
  const handleCloudCenter = useCallback(
    (center: { lon: number; lat: number }) => mapRef.current?.flyTo(center),
    [],
  );

  return {
    projectId,
    selection,
    filter,
    page,
    loading: projectScans.loading,
    mapRef,
    mapScans,
    filteredScans: filtered.scans,
    noresults: filtered.noresults,
    emptyText: emptyListText(projectScans.loading, scans.length),
    options,
    scanIds,
    selectedSet,
    visibleSet,
    visibleSelected,
    selectedAnnotationIds,
    hoveredScanId,
    setHoveredScanId,
    overlays,
    overlayHandlers,
    mapCenter,
    setMapCenter,
    layers,
    shownLayers,
    handleFilterChange,
    handleToggleSelect,
    handleFocus,
    handleSelectAllFiltered,
    handleZoomToSelected,
    handleZoomToBox,
    handleScanClick,
    handleSelectAnnotation,
    handleUnselectAnnotation,
    handleCloudCenter,
    requestPoint,
    requestLine,
    requestBox,
  };
}

export type ViewerController = ReturnType<typeof useViewerController>;
