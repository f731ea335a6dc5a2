import {
  FILENAME_HAS_SPACES,
  GEOID_FILENAME_INVALID,
  isGeoidGridFilename,
} from '@asset-portal/shared';

/** Geoid grid uploads on the Projects screen (docs/processing-and-publishing.md). */
export const GEOID_TEXTS = {
  title: 'Upload Geoid Grid',
  hint: 'A vertical grid in GTX or GeoTIFF format (.gtx, .tif, .tiff); the name must not contain spaces.',
  wrongType: 'The geoid grid must be a .gtx, .tif or .tiff file',
  empty: 'File size cannot be empty',
  required: 'Choose a geoid grid file',
  uploaded: (name: string) => `Geoid grid ${name} uploaded`,
} as const;

export const GEOID_EXTENSIONS = ['.gtx', '.tif', '.tiff'] as const;

/** Why a chosen geoid grid file cannot be uploaded, or null when it can. */
export function geoidGridFileError(file: { name: string; size: number } | null): string | null {
  if (!file) return GEOID_TEXTS.required;
  const name = file.name.toLowerCase();
  if (!GEOID_EXTENSIONS.some((extension) => name.endsWith(extension))) return GEOID_TEXTS.wrongType;
  if (/\s/.test(file.name)) return FILENAME_HAS_SPACES;
  if (!(file.size > 0)) return GEOID_TEXTS.empty;
  // The server's rule, which also refuses characters other than letters, digits, . _ and -.
  if (!isGeoidGridFilename(file.name)) return GEOID_FILENAME_INVALID;
  return null;
}
