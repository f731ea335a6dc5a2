import jpeg from 'jpeg-js';
import type { Camera } from '../manifest.ts';
import type { SourceCloud } from './source-cloud.ts';
import type { Pose } from './trajectory.ts';

/**
 * Renders camera frames from the point cloud: a pinhole camera at the trajectory pose (90°
 * horizontal field of view, tilted 10° down) looking left, forward or right; each point is a
 * small square coloured by its height and shaded by intensity, nearer points hiding farther ones.
 * Side cameras are mounted turned on their side: their JPEG is stored rotated and `jpeg_rotation`
 * says how far to turn it clockwise to view it upright.
 */

export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 400;
const MAX_RANGE = 150;
const TILT = (-10 * Math.PI) / 180;

export const CAMERA_HEADING: Record<Camera, number> = { left: -90, center: 0, right: 90 };
/** Degrees clockwise the stored JPEG must be turned to be upright. */
export const JPEG_ROTATION: Record<Camera, number> = { left: 90, center: 0, right: 270 };

export interface CloudPlacement {
  easting: number;
  northing: number;
  height: number;
}

function colour(elevation: number, shade: number): [number, number, number] {
  // Blue (low) → green → red (high), like the viewer's elevation ramp.
  const hue = (1 - Math.max(0, Math.min(1, elevation))) * 240;
  const c = shade;
  const h = hue / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : [x, 0, c];
  return [Math.round(r * 255), Math.round(g * 255), Math.round(b * 255)];
}

/** Renders one upright RGBA frame. */
export function renderFrame(
  source: SourceCloud,
  placement: CloudPlacement,
  pose: Pose,
  camera: Camera,
  width = IMAGE_WIDTH,
  height = IMAGE_HEIGHT,
): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  const depth = new Float32Array(width * height).fill(Number.POSITIVE_INFINITY);
  for (let p = 0; p < width * height; p++) {
    const sky = p / width < height * 0.45;
    rgba[p * 4] = sky ? 196 : 40;
    rgba[p * 4 + 1] = sky ? 214 : 42;
    rgba[p * 4 + 2] = sky ? 232 : 46;
    rgba[p * 4 + 3] = 255;
  }
  const heading = ((pose.yaw + CAMERA_HEADING[camera]) * Math.PI) / 180;
  // Camera axes in (east, north, up): forward tilted down, right, and up.
  const fx = Math.sin(heading) * Math.cos(TILT);
  const fy = Math.cos(heading) * Math.cos(TILT);
  const fz = Math.sin(TILT);
  const rx = Math.cos(heading);
  const ry = -Math.sin(heading);
  const ux = -Math.sin(heading) * Math.sin(TILT);
  const uy = -Math.cos(heading) * Math.sin(TILT);
  const uz = Math.cos(TILT);
  const focal = width / 2; // tan(45°) = 1: 90° horizontal field of view
  const cx = pose.easting - placement.easting;
  const cy = pose.northing - placement.northing;
  const cz = pose.height - placement.height;
  const zMax = source.extent.maxZ || 1;
  for (let i = 0; i < source.count; i++) {
    const dx = source.dx[i]! - cx;
    const dy = source.dy[i]! - cy;
    const dz = source.dz[i]! - cz;
    const forward = dx * fx + dy * fy + dz * fz;
    if (forward < 0.5 || forward > MAX_RANGE) continue;
    const px = Math.round(width / 2 + (focal * (dx * rx + dy * ry)) / forward);
    const py = Math.round(height / 2 - (focal * (dx * ux + dy * uy + dz * uz)) / forward);
    const size = forward < 8 ? 3 : forward < 25 ? 2 : 1;
    if (px < -size || py < -size || px >= width + size || py >= height + size) continue;
    const shade = 0.45 + 0.55 * Math.min(1, source.intensity[i]! / 255);
    const [r, g, b] = colour(source.dz[i]! / zMax, shade);
    for (let oy = 0; oy < size; oy++) {
      const y = py + oy;
      if (y < 0 || y >= height) continue;
      for (let ox = 0; ox < size; ox++) {
        const x = px + ox;
        if (x < 0 || x >= width) continue;
        const at = y * width + x;
        if (forward >= depth[at]!) continue;
        depth[at] = forward;
        rgba[at * 4] = r;
        rgba[at * 4 + 1] = g;
        rgba[at * 4 + 2] = b;
      }
    }
  }
  return rgba;
}

/** Turns an RGBA image a quarter clockwise (clockwise = true) or anticlockwise. */
export function rotateQuarter(rgba: Uint8Array, width: number, height: number, clockwise: boolean) {
  const out = new Uint8Array(rgba.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // New image is height wide and width high.
      const nx = clockwise ? height - 1 - y : y;
      const ny = clockwise ? x : width - 1 - x;
      const from = (y * width + x) * 4;
      const to = (ny * height + nx) * 4;
      out[to] = rgba[from]!;
      out[to + 1] = rgba[from + 1]!;
      out[to + 2] = rgba[from + 2]!;
      out[to + 3] = 255;
    }
  }
  return out;
}

/** Renders a frame and encodes it as the JPEG the camera stores. */
export function renderJpeg(
  source: SourceCloud,
  placement: CloudPlacement,
  pose: Pose,
  camera: Camera,
  quality = 80,
): Buffer {
  const upright = renderFrame(source, placement, pose, camera);
  const rotation = JPEG_ROTATION[camera];
  if (rotation === 0) {
    return jpeg.encode({ data: upright, width: IMAGE_WIDTH, height: IMAGE_HEIGHT }, quality).data;
  }
  // Stored turned the other way, so turning it by jpeg_rotation clockwise shows it upright.
  const stored = rotateQuarter(upright, IMAGE_WIDTH, IMAGE_HEIGHT, rotation === 270);
  return jpeg.encode({ data: stored, width: IMAGE_HEIGHT, height: IMAGE_WIDTH }, quality).data;
}
