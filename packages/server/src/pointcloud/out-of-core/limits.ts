/** Point indices are stored as uint32 in the work files (and seed the sampling order). */
export const MAX_LOD_POINTS = 4_294_967_295;

export class PointCloudTooLargeError extends Error {
  override name = 'PointCloudTooLargeError';
}
