import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPackageWriter } from '../package-writer.ts';

/** The base station of the shared fixtures: GEONET 3040, about 3.3 km from rover 0759. */
export const FIXTURE_BASESTATION = {
  name: '3040-20050402.zip',
  files: ['gnss/30400920.05o', 'gnss/30400920.05n'],
} as const;

/**
 * Writes a base-station zip as a surveyor uploads it: the base's RINEX observation and
 * navigation files. Returns its path and size.
 */
export async function makeBasestationZip(
  fixturesDir: string,
  outDir: string,
  name: string = FIXTURE_BASESTATION.name,
): Promise<{ path: string; bytes: number }> {
  const target = path.join(outDir, name);
  const writer = createPackageWriter(target);
  for (const file of FIXTURE_BASESTATION.files) {
    writer.addBuffer(path.posix.basename(file), await readFile(path.join(fixturesDir, file)));
  }
  return { path: target, bytes: await writer.finish() };
}
