import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The system programs some features run (RTKLIB's rnx2rtkp, PROJ's projinfo) are found here,
 * once for all: the portal starts without them and the feature that needs one says so.
 */

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The program to run: the path in the environment variable `configuredBy` when that is set (and
 * nothing else then), else the first executable of that name on PATH; null when none.
 */
export async function findProgram(name: string, configuredBy?: string): Promise<string | null> {
  const configured = configuredBy ? process.env[configuredBy] : undefined;
  if (configured) return (await isExecutableFile(configured)) ? path.resolve(configured) : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return null;
}
