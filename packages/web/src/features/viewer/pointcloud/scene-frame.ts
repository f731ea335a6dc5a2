import { Vector3 } from 'three';
import type { CloudProjection } from './cloud-crs.ts';

/**
 * What scene coordinates are: a cloud's projected coordinates minus an origin (the first cloud's
 * lower corner in plan, so single-precision positions keep millimetres), in that cloud's CRS.
 * Both stay for the scene's life: a cloud in another CRS, also one replacing the only cloud (a
 * version in another projection), is moved into them, and the camera and the measurements keep
 * their place in the world.
 */
export class SceneFrame {
  private anchor: Vector3 | null = null;
  private anchorProjection: CloudProjection | null = null;

  /** The origin, in the frame's CRS; null until a cloud is placed. */
  get origin(): Vector3 | null {
    return this.anchor;
  }

  /** The frame's CRS: the first cloud's (null when it had none). */
  get projection(): CloudProjection | null {
    return this.anchorProjection;
  }

  /**
   * A cloud's offset (its octree's position, in its own CRS) in scene coordinates. The first
   * cloud placed anchors the frame at its lower corner.
   */
  place(
    offset: Vector3,
    lowerCorner: { x: number; y: number },
    projection: CloudProjection | null,
  ): Vector3 {
    if (!this.anchor) {
      this.anchor = new Vector3(lowerCorner.x, lowerCorner.y, 0);
      this.anchorProjection = projection;
    }
    const origin = this.anchor;
    const frame = this.anchorProjection;
    let { x, y } = offset;
    if (projection && frame && projection.crs !== frame.crs) {
      const [lon, lat] = projection.toLonLat(x, y);
      [x, y] = frame.toCloud(lon, lat);
    }
    return new Vector3(x - origin.x, y - origin.y, offset.z - origin.z);
  }
}
