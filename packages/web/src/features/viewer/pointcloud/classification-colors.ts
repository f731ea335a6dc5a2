import type { Rgb } from './gradient.ts';

/**
 * Colours of the ASPRS LAS classes (LAS 1.4 R15, table 17) as Potree shows them; any other class
 * is drawn in CLASSIFICATION_OTHER.
 */
export const CLASSIFICATION_COLORS: Readonly<Record<number, { name: string; color: Rgb }>> = {
  0: { name: 'Never classified', color: [0.5, 0.5, 0.5] },
  1: { name: 'Unclassified', color: [0.5, 0.5, 0.5] },
  2: { name: 'Ground', color: [0.63, 0.32, 0.18] },
  3: { name: 'Low vegetation', color: [0, 1, 0] },
  4: { name: 'Medium vegetation', color: [0, 0.8, 0] },
  5: { name: 'High vegetation', color: [0, 0.6, 0] },
  6: { name: 'Building', color: [1, 0.66, 0] },
  7: { name: 'Low point (noise)', color: [1, 0, 1] },
  8: { name: 'Reserved', color: [1, 0, 0] },
  9: { name: 'Water', color: [0, 0, 1] },
  10: { name: 'Rail', color: [0.85, 0.85, 0.55] },
  11: { name: 'Road surface', color: [0.35, 0.35, 0.35] },
  12: { name: 'Reserved', color: [1, 1, 0] },
  13: { name: 'Wire – guard (shield)', color: [0.8, 0.8, 1] },
  14: { name: 'Wire – conductor (phase)', color: [0.6, 0.6, 1] },
  15: { name: 'Transmission tower', color: [0.5, 0, 0.5] },
  16: { name: 'Wire-structure connector', color: [0.9, 0.5, 0.9] },
  17: { name: 'Bridge deck', color: [0.7, 0.5, 0.3] },
  18: { name: 'High noise', color: [1, 0, 0.5] },
};

export const CLASSIFICATION_OTHER: Rgb = [0.3, 0.6, 0.6];
