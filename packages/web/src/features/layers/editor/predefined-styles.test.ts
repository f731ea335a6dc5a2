import {
  CIRCLE_LAYER_MIN_ZOOM,
  LAYER_STYLE_HAS_ID_OR_SOURCE,
  SYMBOL_LAYER_MIN_ZOOM,
  validateLayerStyles,
} from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { insertPredefinedStyle, PREDEFINED_STYLES, predefinedStyle } from './predefined-styles.ts';

const style = (name: string) => {
  const found = predefinedStyle(name);
  if (!found) throw new Error(`No predefined style ${name}`);
  return found;
};
const allEntries = PREDEFINED_STYLES.flatMap((entry) => entry.styles);

describe('predefined layer styles', () => {
  it('offers the four styles of the spec, in order', () => {
    expect(PREDEFINED_STYLES.map((entry) => entry.name)).toEqual([
      'Ditchline',
      'KPs',
      'ROW',
      'TWS',
    ]);
  });

  it('passes the editor rule: a JSON array of style objects without id or source', () => {
    for (const entry of PREDEFINED_STYLES) {
      expect(validateLayerStyles(JSON.stringify(entry.styles)), entry.name).toBeNull();
    }
  });

  it('starts circles at zoom 10 and labels at zoom 8 (spec §9)', () => {
    const circles = allEntries.filter((entry) => entry.type === 'circle');
    const symbols = allEntries.filter((entry) => entry.type === 'symbol');
    expect(circles.length).toBeGreaterThan(0);
    expect(symbols.length).toBeGreaterThan(0);
    for (const entry of circles) expect(entry.minzoom).toBe(CIRCLE_LAYER_MIN_ZOOM);
    for (const entry of symbols) expect(entry.minzoom).toBe(SYMBOL_LAYER_MIN_ZOOM);
  });

  it('draws the ditch line dashed and blue', () => {
    const [line] = style('Ditchline').styles;
    expect(line?.type).toBe('line');
    const paint = line?.paint as Record<string, unknown>;
    expect(paint['line-dasharray']).toEqual(expect.any(Array));
    expect(paint['line-color']).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('labels kilometre posts with a property of the feature', () => {
    const label = style('KPs').styles.find((entry) => entry.type === 'symbol');
    const layout = label?.layout as Record<string, unknown>;
    expect(JSON.stringify(layout['text-field'])).toContain('["get","kp"]');
  });

  it('fills the temporary workspace semi-transparently and outlines the right of way', () => {
    const [fill] = style('TWS').styles;
    const opacity = ((fill?.paint ?? {}) as Record<string, number>)['fill-opacity'];
    expect(fill?.type).toBe('fill');
    expect(opacity).toBeGreaterThan(0);
    expect(opacity).toBeLessThan(1);
    expect(style('ROW').styles.map((entry) => entry.type)).toEqual(['fill', 'line']);
  });

  it('uses only the style properties MapLibre knows for each type', () => {
    const known = new Set(['type', 'filter', 'layout', 'paint', 'minzoom', 'maxzoom']);
    for (const entry of allEntries) {
      for (const key of Object.keys(entry)) expect(known.has(key), key).toBe(true);
      for (const key of Object.keys((entry.paint as object | undefined) ?? {})) {
        expect(key.startsWith(`${entry.type === 'symbol' ? 'text' : entry.type}-`), key).toBe(true);
      }
    }
  });
});

describe('insertPredefinedStyle', () => {
  it('appends the predefined entries to the styles already written', () => {
    const own = [{ type: 'line', paint: { 'line-color': '#000000' } }];
    const text = insertPredefinedStyle(JSON.stringify(own), style('TWS'));
    const parsed = JSON.parse(text) as unknown[];
    expect(parsed).toEqual([...own, ...style('TWS').styles]);
    expect(validateLayerStyles(text)).toBeNull();
  });

  it('replaces empty or unparseable text with the predefined entries', () => {
    for (const text of ['', '[{"type": ', '{"type":"line"}']) {
      expect(JSON.parse(insertPredefinedStyle(text, style('KPs')))).toEqual(style('KPs').styles);
    }
  });

  it('keeps an entry the rule refuses, so the editor still shows the error', () => {
    const text = insertPredefinedStyle('[{"id":"x","type":"line"}]', style('ROW'));
    expect(validateLayerStyles(text)).toBe(LAYER_STYLE_HAS_ID_OR_SOURCE);
  });

  it('leaves the shared definitions unchanged', () => {
    const before = JSON.stringify(PREDEFINED_STYLES);
    insertPredefinedStyle('[]', style('Ditchline'));
    expect(JSON.stringify(PREDEFINED_STYLES)).toBe(before);
  });
});
