import { describe, expect, it } from 'vitest';
import { BASE_SOURCES, buildOfflineStyle, withAccessKey } from './base-style.ts';
import { BASE_COLORS } from './map-colors.ts';

describe('offline base map style', () => {
  const data = { land: '/assets/base-land-abc.json', borders: '/assets/base-borders-abc.json' };
  const style = buildOfflineStyle(data);

  it('draws water as the background, then land, coastline and country borders', () => {
    expect(style.layers.map((l) => l.id)).toEqual([
      'base-water',
      'base-land',
      'base-coastline',
      'base-borders',
    ]);
    expect(style.layers[0]).toMatchObject({
      type: 'background',
      paint: { 'background-color': BASE_COLORS.water },
    });
    expect(style.layers[1]).toMatchObject({ type: 'fill', source: BASE_SOURCES.land });
  });

  it("fetches nothing from the internet: the portal's own GeoJSON, no glyphs, sprites or text", () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.sources).toEqual({
      [BASE_SOURCES.land]: { type: 'geojson', data: data.land, tolerance: 0.5 },
      [BASE_SOURCES.borders]: { type: 'geojson', data: data.borders, tolerance: 0.5 },
    });
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });

  it('puts the access key into addresses that ask for it', () => {
    expect(withAccessKey('https://tiles.example/{z}/{x}/{y}.png?key={key}', 'a b')).toBe(
      'https://tiles.example/{z}/{x}/{y}.png?key=a%20b',
    );
    expect(withAccessKey('https://tiles.example/style.json', 'k')).toBe(
      'https://tiles.example/style.json',
    );
    expect(withAccessKey('https://x/{key}', null)).toBe('https://x/{key}');
  });
});
