import { PACKAGE_FILES_INVALID } from '@asset-portal/shared';

// Every LuxGear package is a ZIP archive, which starts with a local file header.
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/**
 * True when the file starts as a ZIP archive does. Checked before sending, so that a file named
 * like a package but holding something else is refused at once rather than failing ingestion
 * after a long upload.
 */
export async function startsLikePackage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, ZIP_LOCAL_HEADER.length).arrayBuffer());
  return ZIP_LOCAL_HEADER.every((byte, i) => head[i] === byte);
}

/** The names of the chosen files that are not packages, in their order. */
export async function filesNotPackages(files: readonly File[]): Promise<string[]> {
  const verdicts = await Promise.all(files.map((file) => startsLikePackage(file)));
  return files.filter((_, i) => !verdicts[i]).map((file) => file.name);
}

/** The spec's message, naming the files that are not packages. */
export function notPackagesMessage(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${PACKAGE_FILES_INVALID}. Not a package: ${names.join(', ')}`;
}
