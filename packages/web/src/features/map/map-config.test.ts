import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECT_MAP_CONFIG,
  parseMapRuntimeConfig,
  parseProjectMapConfig,
  projectMapConfig,
} from './map-config.ts';

describe('map runtime configuration', () => {
  it('defaults to the spec values: centre -100/50 zoom 3, exaggeration 2, YELLOW_GREEN', () => {
    expect(DEFAULT_PROJECT_MAP_CONFIG).toMatchObject({
      center: { lon: -100, lat: 50, zoom: 3 },
      terrainExaggeration: 2,
      maxDetailZoom: 22,
      pointCloud: { attribute: 'elevation', gradient: 'YELLOW_GREEN' },
    });
  });

  it('reads a server that sends only the style address', () => {
    expect(parseMapRuntimeConfig({ styleUrl: null })).toEqual({ styleUrl: null, projects: {} });
    expect(parseMapRuntimeConfig(undefined)).toEqual({ styleUrl: null, projects: {} });
  });

  it("picks a project's own settings and falls back to the defaults", () => {
    const config = parseMapRuntimeConfig({
      styleUrl: 'https://maps.example/style.json',
      projects: {
        '12': {
          accessKey: 'pk.1',
          terrain: { tiles: ['https://dem.example/{z}/{x}/{y}.png?k={key}'], encoding: 'mapbox' },
          terrainExaggeration: 3,
          maxDetailZoom: 24,
        },
      },
    });
    expect(projectMapConfig(config, '12')).toMatchObject({
      accessKey: 'pk.1',
      terrain: { encoding: 'mapbox', tileSize: 256 },
      terrainExaggeration: 3,
      maxDetailZoom: 24,
    });
    expect(projectMapConfig(config, '13')).toBe(DEFAULT_PROJECT_MAP_CONFIG);
    expect(projectMapConfig(config, null)).toBe(DEFAULT_PROJECT_MAP_CONFIG);
  });

  it('ignores malformed values instead of failing', () => {
    const config = parseProjectMapConfig({
      terrain: { tiles: [] },
      terrainExaggeration: -1,
      maxDetailZoom: 30,
      center: { lon: 500, lat: 0 },
      customTerrainSources: [null, { tiles: ['https://a/{z}/{x}/{y}.png'] }],
    });
    expect(config.terrain).toBeNull();
    expect(config.terrainExaggeration).toBe(2);
    expect(config.maxDetailZoom).toBe(22);
    expect(config.center).toEqual({ lon: -100, lat: 50, zoom: 3 });
    expect(config.customTerrainSources).toHaveLength(1);
  });
});
