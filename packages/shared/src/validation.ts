/** Field and file rules of spec §5 with their exact message texts. */
import {
  BASESTATION_EXTENSION,
  IMPORTED_SCAN_EXTENSION,
  PACKAGE_EXTENSIONS,
  PIPELINE_DESCRIPTION_MAX,
} from './constants.ts';
import {
  BASESTATION_FILE_NOT_ZIP,
  EMAIL_INVALID,
  FILE_SIZE_EMPTY,
  FILENAME_HAS_SPACES,
  IMPORTED_SCAN_NOT_LAS,
  PACKAGE_FILES_EMPTY,
  PACKAGE_FILES_INVALID,
  PACKAGE_FILES_REQUIRED,
  PHONE_INVALID,
  PIPELINE_DESCRIPTION_TOO_LONG,
  PIPELINE_INVALID_JSON,
  VALUE_REQUIRED,
} from './messages.ts';

/** A file as seen by the rules: the browser's File and the server's records both fit. */
export interface FileLike {
  name: string;
  size: number;
}

/** Standard e-mail shape: local part, @, domain with a dot-separated top-level label. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * North-American phone number: optional country prefix (+1 or 1), area code with or without
 * parentheses, separators space, dot or dash.
 */
export const PHONE_PATTERN = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;

/** Message for a required value left empty, or null. */
export function validateRequired(value: unknown): string | null {
  if (value === null || value === undefined) return VALUE_REQUIRED;
  if (typeof value === 'string' && value.trim() === '') return VALUE_REQUIRED;
  if (Array.isArray(value) && value.length === 0) return VALUE_REQUIRED;
  return null;
}

/** 'E-mail is not valid' unless the address matches the e-mail pattern. */
export function validateEmail(email: string | null | undefined): string | null {
  const value = (email ?? '').trim();
  if (value === '') return VALUE_REQUIRED;
  return EMAIL_PATTERN.test(value) ? null : EMAIL_INVALID;
}

/** Phone is optional; when given it must match the North-American pattern. */
export function validatePhone(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim();
  if (value === '') return null;
  return PHONE_PATTERN.test(value) ? null : PHONE_INVALID;
}

function toUsernamePart(word: string): string {
  // Fold accents first so 'José' becomes 'jose' rather than 'jos'.
  return word
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Username derived from a full name: first initial plus the second word, or the only word;
 * lowercased, non-alphanumerics stripped. 'Jane Doe' -> 'jdoe', 'Cher' -> 'cher'.
 */
export function deriveUsername(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (!first) return '';
  const firstPart = toUsernamePart(first);
  if (!second) return firstPart;
  return `${firstPart.slice(0, 1)}${toUsernamePart(second)}`;
}

/** The project/imported-scan save rule: the UTM value ends in N or S. */
export function utmEndsWithHemisphere(utm: string | null | undefined): boolean {
  return /[NS]$/i.test((utm ?? '').trim());
}

/** Stricter UTM rule matching the hint 'required as XX followed by N or S': zone 1..60. */
export function isValidUtmZone(utm: string | null | undefined): boolean {
  return /^(?:0?[1-9]|[1-5]\d|60)[NS]$/i.test((utm ?? '').trim());
}

/** '42N' → { zone: 42, south: false }; null for anything else. */
export function parseUtm(utm: string): { zone: number; south: boolean } | null {
  const match = /^\s*0?(\d{1,2})\s*([NS])\s*$/i.exec(utm);
  if (!match) return null;
  const zone = Number(match[1]);
  if (zone < 1 || zone > 60) return null;
  return { zone, south: match[2]!.toUpperCase() === 'S' };
}

/** Alias kept for readability at call sites. */
export const isValidUtm = isValidUtmZone;

/**
 * The UTM value from any of its stored forms: plain '10N', a JSON string '{"utm":"10N"}' or
 * an object { utm: '10N' }. Returns it trimmed and uppercased, or null when absent.
 */
export function normalizeUtm(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const inner = (value as { utm?: unknown }).utm;
    return typeof inner === 'string' || typeof inner === 'number'
      ? normalizeUtm(String(inner))
      : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('{')) {
    try {
      return normalizeUtm(JSON.parse(text));
    } catch {
      return text.toUpperCase();
    }
  }
  return text.toUpperCase();
}

/** True when the text parses as JSON. */
export function isValidJson(text: string | null | undefined): boolean {
  if (typeof text !== 'string' || text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Pipeline form messages for name, description and pipeline JSON, or null when valid. */
export function validatePipelineDescription(description: string | null | undefined): string | null {
  const value = (description ?? '').trim();
  if (value === '') return VALUE_REQUIRED;
  return value.length > PIPELINE_DESCRIPTION_MAX ? PIPELINE_DESCRIPTION_TOO_LONG : null;
}

/** 'Value is required' when blank, 'Pipeline must be valid JSON' when it does not parse. */
export function validatePipelineJson(pipeline: string | null | undefined): string | null {
  if ((pipeline ?? '').trim() === '') return VALUE_REQUIRED;
  return isValidJson(pipeline) ? null : PIPELINE_INVALID_JSON;
}

function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

/** True for a device package name (.luxlz or .luxiz, any case). */
export function isPackageFileName(name: string): boolean {
  return hasExtension(name, PACKAGE_EXTENSIONS);
}

/** The first package-upload message that applies, or null when the selection is valid. */
export function validatePackageFiles(files: readonly FileLike[] | null | undefined): string | null {
  if (!files || files.length === 0) return PACKAGE_FILES_REQUIRED;
  if (!files.every((file) => isPackageFileName(file.name))) return PACKAGE_FILES_INVALID;
  if (files.some((file) => !(file.size > 0))) return PACKAGE_FILES_EMPTY;
  return null;
}

/** Base-station upload: required, no spaces in the name, a .zip, not empty. */
export function validateBasestationFile(file: FileLike | null | undefined): string | null {
  if (!file) return VALUE_REQUIRED;
  if (/\s/.test(file.name)) return FILENAME_HAS_SPACES;
  if (!hasExtension(file.name, [BASESTATION_EXTENSION])) return BASESTATION_FILE_NOT_ZIP;
  if (!(file.size > 0)) return FILE_SIZE_EMPTY;
  return null;
}

/** Imported scan upload: a non-empty LAS file with a .las extension. */
export function validateImportedScanFile(file: FileLike | null | undefined): string | null {
  if (!file) return VALUE_REQUIRED;
  if (!hasExtension(file.name, [IMPORTED_SCAN_EXTENSION])) return IMPORTED_SCAN_NOT_LAS;
  if (!(file.size > 0)) return FILE_SIZE_EMPTY;
  return null;
}
