import {
  BufferGeometry,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  LineLoop,
  Points,
  PointsMaterial,
  type Scene,
  type Vector3,
} from 'three';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import {
  type CloudPoint,
  type MeasureKind,
  measurementLabel,
  pointsToComplete,
} from './measurements.ts';

const MEASURE_COLOR = 0xff5252;

interface Measurement {
  kind: MeasureKind;
  points: CloudPoint[];
  group: Group;
  label: CSS2DObject;
  complete: boolean;
}

function labelElement(): HTMLDivElement {
  const element = document.createElement('div');
  element.className = 'pointcloud-measure-label';
  Object.assign(element.style, {
    background: 'rgba(0, 0, 0, 0.75)',
    color: '#fff',
    font: '12px/1.4 Roboto, Arial, sans-serif',
    padding: '2px 6px',
    borderRadius: '4px',
    whiteSpace: 'nowrap',
  });
  return element;
}

/**
 * The measurements drawn over the cloud: their picked points, the polyline, polygon or vertical
 * segment between them, and a label with the figure. Each measurement keeps its points in cloud
 * coordinates and is drawn at them minus the scene origin.
 */
export class MeasureLayer {
  private readonly measurements: Measurement[] = [];

  constructor(private readonly scene: Scene) {}

  get count(): number {
    return this.measurements.length;
  }

  /** Adds a point to the measurement being drawn, or starts a new one of this kind. */
  addPoint(kind: MeasureKind, point: CloudPoint, origin: Vector3, metresPerUnit: number): void {
    let current = this.measurements[this.measurements.length - 1];
    if (!current || current.complete || current.kind !== kind) {
      this.finish();
      const group = new Group();
      const label = new CSS2DObject(labelElement());
      group.add(label);
      this.scene.add(group);
      current = { kind, points: [], group, label, complete: false };
      this.measurements.push(current);
    }
    current.points.push(point);
    const needed = pointsToComplete(kind);
    if (needed !== null && current.points.length >= needed) current.complete = true;
    this.draw(current, origin, metresPerUnit);
  }

  finish(): void {
    const current = this.measurements[this.measurements.length - 1];
    if (current) current.complete = true;
  }

  clear(): void {
    for (const measurement of this.measurements) {
      measurement.label.element.remove();
      this.scene.remove(measurement.group);
      measurement.group.traverse((object) => {
        if (object instanceof Points || object instanceof Line) {
          object.geometry.dispose();
          (object.material as PointsMaterial | LineBasicMaterial).dispose();
        }
      });
    }
    this.measurements.length = 0;
  }

  private draw(measurement: Measurement, origin: Vector3, metresPerUnit: number): void {
    const { group, label, kind } = measurement;
    for (const child of [...group.children]) {
      if (child === label) continue;
      group.remove(child);
      if (child instanceof Points || child instanceof Line) {
        child.geometry.dispose();
        (child.material as PointsMaterial | LineBasicMaterial).dispose();
      }
    }
    const local = measurement.points.map(
      ([x, y, z]) => [x - origin.x, y - origin.y, z - origin.z] as const,
    );
    const positions = new Float32Array(local.flat());
    const markerGeometry = new BufferGeometry();
    markerGeometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    const markers = new Points(
      markerGeometry,
      new PointsMaterial({
        color: MEASURE_COLOR,
        size: 8,
        sizeAttenuation: false,
        depthTest: false,
      }),
    );
    markers.renderOrder = 10;
    group.add(markers);

    const lineMaterial = new LineBasicMaterial({ color: MEASURE_COLOR, depthTest: false });
    if (kind === 'height' && local.length === 2) {
      const [a, b] = local as unknown as [[number, number, number], [number, number, number]];
      // The vertical leg and the horizontal leg show what the height difference spans.
      const corner = [b[0], b[1], a[2]];
      const geometry = new BufferGeometry();
      geometry.setAttribute(
        'position',
        new Float32BufferAttribute([...a, ...corner, ...corner, ...b], 3),
      );
      const line = new Line(geometry, lineMaterial);
      line.renderOrder = 10;
      group.add(line);
    } else if (local.length >= 2) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
      const line =
        kind === 'area' ? new LineLoop(geometry, lineMaterial) : new Line(geometry, lineMaterial);
      line.renderOrder = 10;
      group.add(line);
    }

    const inMetres = measurement.points.map(
      ([x, y, z]) => [x * metresPerUnit, y * metresPerUnit, z * metresPerUnit] as const,
    );
    label.element.textContent =
      local.length >= (kind === 'area' ? 3 : 2) ? measurementLabel(kind, inMetres) : '';
    label.element.style.display = label.element.textContent ? '' : 'none';
    const anchor: readonly number[] | undefined =
      kind === 'area'
        ? local.reduce<number[]>(
            (sum, point) =>
              sum.map((value, axis) => value + (point[axis] as number) / local.length),
            [0, 0, 0],
          )
        : local[local.length - 1];
    if (anchor) label.position.set(anchor[0] as number, anchor[1] as number, anchor[2] as number);
  }
}
