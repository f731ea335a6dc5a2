import {
  type IClassification,
  type IGradient,
  type PointCloudOctree,
  PointColorType,
  PointShape,
  PointSizeType,
  Potree,
} from 'potree-core';
import {
  Box3,
  Color,
  Group,
  Matrix4,
  PerspectiveCamera,
  type Points,
  Ray,
  Scene,
  SRGBColorSpace,
  Vector2,
  Vector3,
  Vector4,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { isNearClouds, orbitDistanceForZoom, type PlanBounds } from './camera-math.ts';
import { CLASSIFICATION_COLORS, CLASSIFICATION_OTHER } from './classification-colors.ts';
import { type CloudProjection, cloudProjection } from './cloud-crs.ts';
import { YELLOW_GREEN } from './gradient.ts';
import { MeasureLayer } from './measure-layer.ts';
import type { CloudPoint, MeasureKind } from './measurements.ts';
import type { ReadyStream } from './point-cloud-streams.ts';
import { SceneFrame } from './scene-frame.ts';
import { streamPrefetch } from './stream-prefetch.ts';
import { StreamRequestManager, virtualMetadataUrl } from './stream-request-manager.ts';
import { BACKGROUND_COLOR, type ColorMode, type PointCloudSettings } from './view-settings.ts';

const FOV_DEGREES = 60;
/** How far from the click a drawn point may be to be picked. */
const PICK_RADIUS_PX = 6;

// potree-core paints the gradient texture from Color.getStyle(), which encodes to sRGB: the
// stops are read as sRGB so the texture holds exactly their values.
const POTREE_GRADIENT: IGradient = YELLOW_GREEN.map(([position, [r, g, b]]) => [
  position,
  new Color().setRGB(r, g, b, SRGBColorSpace),
]);

const POTREE_CLASSIFICATION: IClassification = {
  ...Object.fromEntries(
    Object.entries(CLASSIFICATION_COLORS).map(([value, color]) => [
      value,
      new Vector4(color[0], color[1], color[2], 1),
    ]),
  ),
  DEFAULT: new Vector4(
    CLASSIFICATION_OTHER[0],
    CLASSIFICATION_OTHER[1],
    CLASSIFICATION_OTHER[2],
    1,
  ),
};

const COLOR_TYPES: Record<ColorMode, PointColorType> = {
  elevation: PointColorType.ELEVATION,
  intensity: PointColorType.INTENSITY,
  classification: PointColorType.CLASSIFICATION,
};

/** The value range the metadata gives for an attribute (Potree 2.0 attributes' min and max). */
function attributeRange(octree: PointCloudOctree, name: string): unknown {
  const attribute = octree.pcoGeometry.pointAttributes?.attributes.find(
    (candidate) => candidate.name === name,
  );
  return attribute && 'range' in attribute ? attribute.range : undefined;
}

/**
 * The front-most drawn point within `radius` CSS pixels of a screen position (normalized device
 * coordinates), in world coordinates; null when none is.
 */
function nearestDrawnPoint(
  octrees: readonly PointCloudOctree[],
  camera: PerspectiveCamera,
  ndc: Vector2,
  width: number,
  height: number,
  radius: number,
): Vector3 | null {
  const viewProjection = new Matrix4().multiplyMatrices(
    camera.projectionMatrix,
    camera.matrixWorldInverse,
  );
  const transform = new Matrix4();
  const point = new Vector3();
  let best: { depth: number; node: Points; index: number } | null = null;
  for (const octree of octrees) {
    for (const node of octree.visibleNodes) {
      const points = node.sceneNode;
      const position = points.geometry.getAttribute('position');
      if (!position) continue;
      transform.multiplyMatrices(viewProjection, points.matrixWorld);
      for (let index = 0; index < position.count; index++) {
        point.fromBufferAttribute(position, index).applyMatrix4(transform);
        if (point.z < -1 || point.z > 1) continue;
        const dx = ((point.x - ndc.x) * width) / 2;
        const dy = ((point.y - ndc.y) * height) / 2;
        if (dx * dx + dy * dy > radius * radius) continue;
        if (!best || point.z < best.depth) best = { depth: point.z, node: points, index };
      }
    }
  }
  if (!best) return null;
  const position = best.node.geometry.getAttribute('position');
  return new Vector3()
    .fromBufferAttribute(position, best.index)
    .applyMatrix4(best.node.matrixWorld);
}

/**
 * The stored cloud a stream reads: its metadata link without the signature. A refreshed link
 * keeps it; another version of the scan (its default version changed) has another one.
 */
export function cloudKeyOf(stream: { metadataUrl: string }): string {
  const query = stream.metadataUrl.indexOf('?');
  return query === -1 ? stream.metadataUrl : stream.metadataUrl.slice(0, query);
}

interface LoadedCloud {
  scanId: string;
  /** Which stored cloud this is (see cloudKeyOf): another version of the scan is reloaded. */
  key: string;
  octree: PointCloudOctree;
  projection: CloudProjection | null;
  /** Bounds in the cloud's own coordinates. */
  bounds: Box3;
  /** From the cloud's own coordinates to the scene's. */
  shift: Vector3;
}

export interface PointCloudSceneEvents {
  /** The orbit target moved by the user, in lon/lat (only when the cloud has a CRS). */
  onCameraCenterChange(center: { lon: number; lat: number }): void;
  /** Points drawn in the last frame; the first non-zero value marks the first rendered points. */
  onRenderedPoints(count: number): void;
  /** A measurement changed (its points, in cloud coordinates). */
  onMeasurementsChange(count: number): void;
  onLoadError(scanId: string, error: unknown): void;
}

/**
 * The three.js scene of the 3D view: potree-core streams each scan's Potree 2.0 octree within the
 * point budget, an orbit camera looks at it, and a measure layer draws picked points. Coordinates
 * in the scene are those of its frame (`SceneFrame`): projected coordinates minus an origin.
 */
export class PointCloudScene {
  private readonly renderer: WebGLRenderer;
  private readonly labelRenderer: CSS2DRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.1, 100_000);
  private readonly controls: OrbitControls;
  private readonly potree = new Potree();
  private readonly cloudGroup = new Group();
  private readonly measureLayer: MeasureLayer;
  private readonly clouds = new Map<string, LoadedCloud>();
  private readonly loading = new Set<string>();
  private readonly streams = new Map<string, ReadyStream>();
  private readonly requestManager: StreamRequestManager;
  private readonly sceneFrame = new SceneFrame();
  private settings: PointCloudSettings;
  private dirty = true;
  private frame = 0;
  private disposed = false;
  private cameraPlaced = false;
  private pendingCenter: { lon: number; lat: number; zoom: number } | null = null;
  private renderedPoints = 0;
  private lastReportedCenter: { lon: number; lat: number } | null = null;

  constructor(
    private readonly container: HTMLElement,
    settings: PointCloudSettings,
    private readonly events: PointCloudSceneEvents,
    refreshStreams: () => Promise<readonly ReadyStream[]>,
  ) {
    this.settings = settings;
    this.renderer = new WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(BACKGROUND_COLOR);
    this.renderer.domElement.style.display = 'block';
    container.appendChild(this.renderer.domElement);
    this.labelRenderer = new CSS2DRenderer();
    Object.assign(this.labelRenderer.domElement.style, {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
    });
    container.appendChild(this.labelRenderer.domElement);

    this.camera.up.set(0, 0, 1);
    this.camera.position.set(0, -100, 100);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.screenSpacePanning = false;
    this.controls.addEventListener('change', () => this.invalidate());
    this.controls.addEventListener('end', () => this.reportCenter());

    this.scene.add(this.cloudGroup);
    this.measureLayer = new MeasureLayer(this.scene);
    this.potree.pointBudget = settings.pointBudget;
    this.requestManager = new StreamRequestManager({
      streamOf: (scanId) => this.streams.get(scanId),
      prefetched: (scanId, object, range) => streamPrefetch.take(scanId, object, range),
      // The retry must use the new URLs at once, not after React passes them down again.
      refresh: async () => {
        for (const stream of await refreshStreams()) {
          if (this.streams.has(stream.scanId)) this.streams.set(stream.scanId, stream);
        }
      },
    });
    this.resize();
    this.frame = requestAnimationFrame(this.loop);
  }

  /** Loads the clouds of new ready streams, drops those no longer wanted, updates URLs. */
  setStreams(streams: readonly ReadyStream[]): void {
    const wanted = new Map(streams.map((stream) => [stream.scanId, cloudKeyOf(stream)]));
    for (const stream of streams) this.streams.set(stream.scanId, stream);
    for (const [scanId, cloud] of this.clouds) {
      const key = wanted.get(scanId);
      if (key === cloud.key) continue;
      this.cloudGroup.remove(cloud.octree);
      cloud.octree.dispose();
      this.clouds.delete(scanId);
      if (key === undefined) this.streams.delete(scanId);
      this.invalidate();
    }
    for (const stream of streams) {
      if (!this.clouds.has(stream.scanId) && !this.loading.has(stream.scanId)) {
        void this.load(stream);
      }
    }
  }

  setSettings(settings: PointCloudSettings): void {
    this.settings = settings;
    this.potree.pointBudget = settings.pointBudget;
    for (const cloud of this.clouds.values()) this.applyMaterial(cloud.octree);
    this.invalidate();
  }

  /** Moves the orbit target to a map position (ignoring echoes of our own reports). */
  setMapCenter(center: { lon: number; lat: number; zoom: number } | null): void {
    if (!center) return;
    const last = this.lastReportedCenter;
    if (last && Math.abs(last.lon - center.lon) < 1e-7 && Math.abs(last.lat - center.lat) < 1e-7) {
      return;
    }
    this.pendingCenter = center;
    if (this.sceneFrame.origin) this.applyPendingCenter();
  }

  /** Picks the cloud point under a canvas position (CSS pixels), in cloud coordinates. */
  pick(clientX: number, clientY: number): CloudPoint | null {
    const octrees = [...this.clouds.values()].map((cloud) => cloud.octree);
    const origin = this.sceneFrame.origin;
    if (octrees.length === 0 || !origin) return null;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const ray = new Ray();
    ray.origin.setFromMatrixPosition(this.camera.matrixWorld);
    ray.direction.set(ndc.x, ndc.y, 0.5).unproject(this.camera).sub(ray.origin).normalize();
    const hit = Potree.pick(octrees, this.renderer, this.camera, ray, { pickWindowSize: 15 });
    // potree-core's GPU pick misses some points that are drawn (its node lookup by bounding
    // sphere), so the drawn points themselves are searched when it finds nothing.
    const world =
      (hit?.position as Vector3 | undefined) ??
      nearestDrawnPoint(octrees, this.camera, ndc, rect.width, rect.height, PICK_RADIUS_PX);
    if (!world) return null;
    return [world.x + origin.x, world.y + origin.y, world.z + origin.z];
  }

  addMeasurePoint(kind: MeasureKind, point: CloudPoint): void {
    const origin = this.sceneFrame.origin;
    if (!origin) return;
    this.measureLayer.addPoint(kind, point, origin, this.metresPerUnit());
    this.events.onMeasurementsChange(this.measureLayer.count);
    this.invalidate();
  }

  /** Ends the measurement being drawn (a new click starts another). */
  finishMeasurement(): void {
    this.measureLayer.finish();
    this.invalidate();
  }

  clearMeasurements(): void {
    this.measureLayer.clear();
    this.events.onMeasurementsChange(0);
    this.invalidate();
  }

  resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height);
    this.labelRenderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.invalidate();
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.controls.dispose();
    for (const cloud of this.clouds.values()) cloud.octree.dispose();
    this.clouds.clear();
    this.measureLayer.clear();
    this.renderer.dispose();
    this.renderer.domElement.remove();
    this.labelRenderer.domElement.remove();
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  private invalidate(): void {
    this.dirty = true;
  }

  private async load(stream: ReadyStream): Promise<void> {
    this.loading.add(stream.scanId);
    const key = cloudKeyOf(stream);
    let newer: ReadyStream | null = null;
    try {
      const octree = await this.potree.loadPointCloud(
        virtualMetadataUrl(stream.scanId),
        this.requestManager,
      );
      if (this.disposed || !this.streams.has(stream.scanId)) {
        octree.dispose();
        return;
      }
      // Another version was asked for while this one loaded: that one is shown instead.
      const latest = this.streams.get(stream.scanId);
      if (latest && cloudKeyOf(latest) !== key) {
        octree.dispose();
        newer = latest;
        return;
      }
      const projection = cloudProjection(stream.crs);
      const bounds = this.cloudBounds(octree);
      const offset = octree.position.clone();
      octree.position.copy(this.sceneFrame.place(offset, bounds.min, projection));
      octree.updateMatrix();
      const shift = octree.position.clone().sub(offset);
      this.clouds.set(stream.scanId, {
        scanId: stream.scanId,
        key,
        octree,
        projection,
        bounds,
        shift,
      });
      this.applyMaterial(octree);
      this.cloudGroup.add(octree);
      if (!this.cameraPlaced) this.placeCamera();
      this.invalidate();
    } catch (error) {
      if (!this.disposed) this.events.onLoadError(stream.scanId, error);
    } finally {
      this.loading.delete(stream.scanId);
      if (newer && !this.disposed) void this.load(newer);
    }
  }

  /**
   * The cloud's bounds in its own coordinates: the position attribute's range from the metadata
   * (the octree's box is a cube, far above the highest point), else the octree's box.
   */
  private cloudBounds(octree: PointCloudOctree): Box3 {
    const range = attributeRange(octree, 'position') as [number[], number[]] | undefined;
    if (Array.isArray(range?.[0]) && Array.isArray(range[1]) && range[0].length === 3) {
      return new Box3(
        new Vector3(...(range[0] as [number, number, number])),
        new Vector3(...(range[1] as [number, number, number])),
      );
    }
    return (octree.pcoGeometry.tightBoundingBox ?? octree.pcoGeometry.boundingBox)
      .clone()
      .translate(octree.position);
  }

  /** The cloud's bounds in scene coordinates. */
  private sceneBoundsOf(cloud: LoadedCloud): Box3 {
    return cloud.bounds.clone().translate(cloud.shift);
  }

  private applyMaterial(octree: PointCloudOctree): void {
    const material = octree.material;
    // potree-core's shader for Potree 2.0 clouds ('new_format') always colours from the rgba
    // attribute and ignores pointColorType; without it the elevation, intensity and
    // classification branches apply, and they read the same attributes the 2.0 decoder makes.
    material.newFormat = false;
    // Colours are written as they are: potree-core's sRGB-to-linear conversion in the shader
    // multiplies every channel above 0.0031 by 12.92 (its mix() arguments are swapped), which
    // turns the gradient white.
    material.inputColorEncoding = material.outputColorEncoding;
    material.pointColorType = COLOR_TYPES[this.settings.colorMode];
    material.size = this.settings.pointSize;
    material.pointSizeType = PointSizeType.ADAPTIVE;
    material.minSize = 1.5;
    material.shape = PointShape.SQUARE;
    material.gradient = POTREE_GRADIENT;
    material.classification = POTREE_CLASSIFICATION;
    const { min, max } = this.elevationBounds();
    material.elevationRange = [min, max];
    const range = attributeRange(octree, 'intensity') as [number, number] | undefined;
    if (range && typeof range[0] === 'number' && range[1] > range[0]) {
      material.intensityRange = [range[0], range[1]];
    }
    material.updateShaderSource();
  }

  /** The elevation range of all clouds in scene z (the gradient spans lowest to highest). */
  private elevationBounds(): { min: number; max: number } {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const cloud of this.clouds.values()) {
      const box = this.sceneBoundsOf(cloud);
      min = Math.min(min, box.min.z);
      max = Math.max(max, box.max.z);
    }
    if (!Number.isFinite(min)) return { min: 0, max: 1 };
    return { min, max: max > min ? max : min + 1 };
  }

  private sceneBounds(): Box3 {
    const box = new Box3();
    for (const cloud of this.clouds.values()) box.union(this.sceneBoundsOf(cloud));
    return box;
  }

  private placeCamera(): void {
    this.cameraPlaced = true;
    for (const cloud of this.clouds.values()) this.applyMaterial(cloud.octree);
    if (this.pendingCenter && this.applyPendingCenter()) return;
    const box = this.sceneBounds();
    const center = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    const radius = Math.max(size.x, size.y, 1) * 0.45;
    const distance = radius / Math.tan((FOV_DEGREES * Math.PI) / 360);
    this.controls.target.copy(center);
    // From the south, looking down at about 55°: the ground reads as a map, heights still show.
    this.camera.position.set(center.x, center.y - distance * 0.57, center.z + distance * 0.82);
    this.camera.far = Math.max(1000, distance * 10);
    this.camera.near = this.camera.far / 100_000;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  /** Puts the orbit target at the pending map centre; false when it is away from the clouds. */
  private applyPendingCenter(): boolean {
    const center = this.pendingCenter;
    const projection = this.sceneFrame.projection;
    const origin = this.sceneFrame.origin;
    if (!center || !projection || !origin || this.clouds.size === 0) return false;
    this.pendingCenter = null;
    const [x, y] = projection.toCloud(center.lon, center.lat);
    const box = this.sceneBounds();
    const plan: PlanBounds = {
      minX: box.min.x + origin.x,
      minY: box.min.y + origin.y,
      maxX: box.max.x + origin.x,
      maxY: box.max.y + origin.y,
    };
    if (!isNearClouds(plan, x, y)) return false;
    const target = new Vector3(x - origin.x, y - origin.y, (box.min.z + box.max.z) / 2);
    const offset = this.camera.position.clone().sub(this.controls.target);
    const maxDistance = Math.max(10, box.getSize(new Vector3()).length() * 2);
    const distance = Math.min(
      maxDistance,
      Math.max(
        5,
        orbitDistanceForZoom(
          center.zoom,
          center.lat,
          this.container.clientHeight || 600,
          FOV_DEGREES,
        ),
      ),
    );
    if (offset.lengthSq() === 0) offset.set(0, -1, 1);
    offset.setLength(distance);
    this.controls.target.copy(target);
    this.camera.position.copy(target).add(offset);
    this.camera.far = Math.max(1000, maxDistance * 10);
    this.camera.near = this.camera.far / 100_000;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.cameraPlaced = true;
    this.invalidate();
    return true;
  }

  private reportCenter(): void {
    const projection = this.sceneFrame.projection;
    const origin = this.sceneFrame.origin;
    if (!projection || !origin) return;
    const target = this.controls.target;
    const [lon, lat] = projection.toLonLat(target.x + origin.x, target.y + origin.y);
    this.lastReportedCenter = { lon, lat };
    this.events.onCameraCenterChange({ lon, lat });
  }

  private metresPerUnit(): number {
    return this.sceneFrame.projection?.metresPerUnit ?? 1;
  }

  private readonly loop = (): void => {
    if (this.disposed) return;
    this.frame = requestAnimationFrame(this.loop);
    if (!this.dirty) return;
    this.dirty = false;
    const octrees = [...this.clouds.values()].map((cloud) => cloud.octree);
    if (octrees.length > 0) {
      const result = this.potree.updatePointClouds(octrees, this.camera, this.renderer);
      // A node's load promise settles before its worker has decoded it, so frames go on while
      // any node is still on its way rather than waiting for the promise.
      const stillLoading = octrees.some((octree) => octree.pcoGeometry.numNodesLoading > 0);
      if (result.exceededMaxLoadsToGPU || stillLoading || result.nodeLoadPromises.length > 0) {
        this.dirty = true;
      }
    }
    this.renderer.render(this.scene, this.camera);
    this.labelRenderer.render(this.scene, this.camera);
    let rendered = 0;
    for (const octree of octrees) {
      for (const node of octree.visibleNodes) rendered += node.numPoints;
    }
    if (rendered !== this.renderedPoints) {
      this.renderedPoints = rendered;
      this.events.onRenderedPoints(rendered);
    }
  };
}
