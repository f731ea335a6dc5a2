import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserConfig, ConfigError, loadConfig } from './config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'map-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

describe('MAP_PROJECT_CONFIG', () => {
  it('serves each project its map settings with the spec defaults filled in', () => {
    const config = loadConfig({
      MAP_PROJECT_CONFIG: file('ok.json', {
        '12': {
          accessKey: 'pk.browser-key',
          terrain: { tiles: ['https://dem.example/{z}/{x}/{y}.png?key={key}'], encoding: 'mapbox' },
          maxDetailZoom: 24,
        },
      }),
    });
    const served = browserConfig(config).map;
    expect(served.styleUrl).toBeNull();
    expect(served.projects['12']).toEqual({
      accessKey: 'pk.browser-key',
      hillshade: null,
      terrain: {
        name: '',
        tiles: ['https://dem.example/{z}/{x}/{y}.png?key={key}'],
        encoding: 'mapbox',
        tileSize: 256,
        maxzoom: 15,
      },
      customTerrainSources: [],
      hillshadePaint: {},
      terrainExaggeration: 2,
      maxDetailZoom: 24,
      pointCloud: { attribute: 'elevation', gradient: 'YELLOW_GREEN' },
      center: { lon: -100, lat: 50, zoom: 3 },
    });
  });

  it('serves no project settings when unset', () => {
    expect(browserConfig(loadConfig({})).map).toEqual({ styleUrl: null, projects: {} });
  });

  it('stops start-up with a message naming the setting and the problem', () => {
    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing.json'), /cannot read/],
      [file('bad.json', '{nope'), /is not JSON/],
      [file('zoom.json', { '1': { maxDetailZoom: 23 } }), /1\.maxDetailZoom/],
      [file('key.json', { north: {} }), /keys must be project ids/],
      [file('extra.json', { '1': { secret: 'x' } }), /1: .*secret/i],
    ];
    for (const [target, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ MAP_PROJECT_CONFIG: target });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('MAP_PROJECT_CONFIG=');
      expect((error as Error).message).toMatch(message);
    }
  });
});
