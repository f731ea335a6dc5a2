import path from 'node:path';
import type { OptionReader } from '../stage-definition.ts';

/** True when a file name stays inside the job's folder: relative, no '..' segment. */
export function isSafeFilename(name: string): boolean {
  if (name.trim() === '' || name.includes('\0')) return false;
  if (path.isAbsolute(name) || path.win32.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return false;
  return !name.split(/[\\/]/).includes('..');
}

/** Checks a reader's or writer's filename: inside the folder, with an expected extension. */
export function checkFilename(options: OptionReader, name: string, extensions: string[]): boolean {
  if (!isSafeFilename(name)) {
    options.error('filename', `"${name}" leaves the job's folder (absolute or "..")`);
    return false;
  }
  const lower = name.toLowerCase();
  if (!extensions.some((extension) => lower.endsWith(extension))) {
    options.error('filename', `"${name}" must end with ${extensions.join(' or ')}`);
    return false;
  }
  return true;
}
