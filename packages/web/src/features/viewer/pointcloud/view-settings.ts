export type ColorMode = 'elevation' | 'intensity' | 'classification';

export interface PointCloudSettings {
  pointBudget: number;
  pointSize: number;
  colorMode: ColorMode;
}

export const DEFAULT_POINT_BUDGET = 1_000_000;

/** Spec §3 point-cloud defaults: attribute elevation, gradient YELLOW_GREEN. */
export const DEFAULT_SETTINGS: PointCloudSettings = {
  pointBudget: DEFAULT_POINT_BUDGET,
  pointSize: 1,
  colorMode: 'elevation',
};

/** The point budgets offered in the toolbar. */
export const POINT_BUDGET_OPTIONS = [250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000];

export const COLOR_MODE_LABELS: Record<ColorMode, string> = {
  elevation: 'Elevation',
  intensity: 'Intensity',
  classification: 'Classification',
};

/** Background of the 3D view (dark, so the pale top of the gradient stands out). */
export const BACKGROUND_COLOR = 0x1b1f24;
export const BACKGROUND_CSS = `#${BACKGROUND_COLOR.toString(16).padStart(6, '0')}`;

/** '1 M', '500 k': a point budget in the width of the toolbar's field. */
export function compactCount(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toLocaleString('en-US')} M`;
  if (count >= 1_000) return `${(count / 1_000).toLocaleString('en-US')} k`;
  return count.toLocaleString('en-US');
}
