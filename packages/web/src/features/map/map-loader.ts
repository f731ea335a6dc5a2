/**
 * The map's code (maplibre-gl with it): loaded with the map, not with the first page render, and
 * asked for early by a screen that knows a map is coming. The module system loads it once.
 */
export function loadMapController() {
  return import('./map-controller.ts');
}

/**
 * Loads the map's code and warms it up (see `prewarmMap`) when the page is idle: for a screen
 * that shows a map as soon as the user has chosen what it shows.
 */
export function prepareMap(): () => void {
  const warm = () => void loadMapController().then(({ prewarmMap }) => prewarmMap());
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(warm, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(warm, 200);
  return () => window.clearTimeout(timer);
}
