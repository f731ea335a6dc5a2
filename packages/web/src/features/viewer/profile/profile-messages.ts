/** Texts of the elevation profile panel (the spec names none of them). */
export const PROFILE_TITLE = 'Elevation profile';
export const DRAW_PROFILE_LINE = 'Draw profile line';
export const CLEAR_PROFILE = 'Clear';
export const DOWNLOAD_CSV = 'Download CSV';
export const CORRIDOR_WIDTH_LABEL = 'Corridor width (m)';
export const CORRIDOR_WIDTH_HINT =
  'Points this far across the line (0.1 to 50 m) make the profile; Enter applies';
export const NO_SELECTED_SCAN = 'Select a scan to draw an elevation profile of its point cloud';
export const DRAW_HINT =
  'Click the map to add points, double-click to end the line (Escape cancels)';
export const DRAW_LINE_PROMPT = 'Draw a line on the map to see the elevation along it';
export const PROFILE_LOADING = 'Extracting the profile from the point cloud…';
export const PROFILE_HOVER_HINT = 'Point at the chart to read a point';
export const profileEmpty = (width: number): string =>
  `No points of the selected scans lie within ${width} m of the line`;
export const PROFILE_TRUNCATED =
  'The corridor holds more points than one profile carries, so they were thinned evenly along the line';
export const profileSummary = (lengthMetres: number, pointCount: number): string =>
  `Length ${lengthMetres.toFixed(1)} m · ${pointCount.toLocaleString('en-US')} ${pointCount === 1 ? 'point' : 'points'}`;
export const chartThinned = (shown: number, total: number): string =>
  `The chart shows ${shown.toLocaleString('en-US')} of the ${total.toLocaleString('en-US')} points, evenly spread; the CSV holds them all`;
