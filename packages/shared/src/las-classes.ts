/**
 * The ASPRS point classes of LAS 1.4 (R15, table 17) by their codes: the names the activity log
 * gives a processed cloud's classes, beside the viewer's classification colours.
 */
export const LAS_CLASS_NAMES: Readonly<Record<number, string>> = {
  0: 'Never classified',
  1: 'Unclassified',
  2: 'Ground',
  3: 'Low vegetation',
  4: 'Medium vegetation',
  5: 'High vegetation',
  6: 'Building',
  7: 'Low point (noise)',
  8: 'Reserved',
  9: 'Water',
  10: 'Rail',
  11: 'Road surface',
  12: 'Reserved',
  13: 'Wire – guard (shield)',
  14: 'Wire – conductor (phase)',
  15: 'Transmission tower',
  16: 'Wire-structure connector',
  17: 'Bridge deck',
  18: 'High noise',
};

/** The class's ASPRS name; 'Class 64' for a code the table leaves to users. */
export function lasClassName(code: number): string {
  return LAS_CLASS_NAMES[code] ?? `Class ${code}`;
}
