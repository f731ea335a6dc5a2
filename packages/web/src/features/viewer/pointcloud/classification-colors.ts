import type { Rgb } from './gradient.ts';

/**
 * Colours of the ASPRS LAS classes (LAS_CLASS_NAMES in @asset-portal/shared) as Potree shows
 * them; any other class is drawn in CLASSIFICATION_OTHER.
 */
export const CLASSIFICATION_COLORS: Readonly<Record<number, Rgb>> = {
  0: [0.5, 0.5, 0.5],
  1: [0.5, 0.5, 0.5],
  2: [0.63, 0.32, 0.18],
  3: [0, 1, 0],
  4: [0, 0.8, 0],
  5: [0, 0.6, 0],
  6: [1, 0.66, 0],
  7: [1, 0, 1],
  8: [1, 0, 0],
  9: [0, 0, 1],
  10: [0.85, 0.85, 0.55],
  11: [0.35, 0.35, 0.35],
  12: [1, 1, 0],
  13: [0.8, 0.8, 1],
  14: [0.6, 0.6, 1],
  15: [0.5, 0, 0.5],
  16: [0.9, 0.5, 0.9],
  17: [0.7, 0.5, 0.3],
  18: [1, 0, 0.5],
};

export const CLASSIFICATION_OTHER: Rgb = [0.3, 0.6, 0.6];
