import { rm } from 'node:fs/promises';
import { buildLod, type LodBuildOptions, type LodBuildResult } from './out-of-core/build-lod.ts';

/**
 * Converts a LAS or LAZ file into the Potree 2.0 format (metadata.json, hierarchy.bin,
 * octree.bin). Positions are stored as the file's own int32 values with its scale and offset, so
 * coordinates keep their full precision. The build runs out of core (out-of-core/build-lod.ts):
 * memory stays bounded whatever the number of points.
 */

export { MAX_LOD_POINTS, PointCloudTooLargeError } from './out-of-core/limits.ts';

export interface PotreeBuildOptions extends Omit<LodBuildOptions, 'workDir'> {
  /**
   * Work files of the build. Given, they are kept after the build (the caller removes them) and a
   * build given the same directory again resumes; by default a folder beside the output is used
   * and removed.
   */
  workDir?: string;
}

export type PotreeBuildResult = LodBuildResult;

/** Builds the three Potree files of `inputPath` (LAS or LAZ) into `outputDir`. */
export async function buildPotreeFromLas(
  inputPath: string,
  outputDir: string,
  options: PotreeBuildOptions = {},
): Promise<PotreeBuildResult> {
  if (options.workDir)
    return buildLod(inputPath, outputDir, { ...options, workDir: options.workDir });
  const workDir = `${outputDir.replace(/[/\\]+$/, '')}.work`;
  try {
    return await buildLod(inputPath, outputDir, { ...options, workDir });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
