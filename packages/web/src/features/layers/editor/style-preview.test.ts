import { describe, expect, it } from 'vitest';
import { PREDEFINED_STYLES } from './predefined-styles.ts';
import {
  describePreviewError,
  isValidStylesText,
  PREVIEW_SOURCE_ID,
  parseFeatureCollection,
  previewStyles,
} from './style-preview.ts';

const collection = (features: unknown[]) =>
  ({ type: 'FeatureCollection', features }) as GeoJSON.FeatureCollection;

describe('parseFeatureCollection', () => {
  it('accepts a FeatureCollection and refuses anything else', () => {
    expect(parseFeatureCollection('{"type":"FeatureCollection","features":[]}')).toEqual(
      collection([]),
    );
    expect(parseFeatureCollection('{"type":"Feature"}')).toBeNull();
    expect(parseFeatureCollection('{"type":"FeatureCollection"}')).toBeNull();
    expect(parseFeatureCollection('{"type":')).toBeNull();
  });
});

describe('previewStyles', () => {
  it('points every drawable entry at the preview source with its own id', () => {
    const text = JSON.stringify([
      { type: 'line', paint: { 'line-color': '#ff0000' } },
      { type: 'fill', minzoom: 4 },
    ]);
    const { styles, usesDefaultStyle } = previewStyles(text);
    expect(usesDefaultStyle).toBe(false);
    expect(styles.map((s) => [s.type, 'source' in s ? s.source : null])).toEqual([
      ['line', PREVIEW_SOURCE_ID],
      ['fill', PREVIEW_SOURCE_ID],
    ]);
    expect(new Set(styles.map((s) => s.id)).size).toBe(2);
    expect(styles[1]?.minzoom).toBe(4);
  });

  it("draws the KPs' circles and their labels, each from its own minimum zoom", () => {
    const kps = PREDEFINED_STYLES.find((s) => s.name === 'KPs');
    const result = previewStyles(JSON.stringify(kps?.styles));
    expect(result.styles.map((s) => [s.type, s.minzoom])).toEqual([
      ['circle', 10],
      ['symbol', 8],
    ]);
    expect(result.styles[1]).toMatchObject({ layout: { 'text-anchor': 'top' } });
  });

  it('shows the map default styles when there is nothing drawable', () => {
    for (const text of ['[]', '']) {
      const result = previewStyles(text);
      expect(result.usesDefaultStyle).toBe(true);
      expect(result.styles.length).toBeGreaterThan(0);
    }
  });
});

describe('isValidStylesText', () => {
  it('follows the shared rule', () => {
    expect(isValidStylesText('[{"type":"line"}]')).toBe(true);
    expect(isValidStylesText('[{"type":"line","id":"a"}]')).toBe(false);
    expect(isValidStylesText('[{"type":"line","source":"a"}]')).toBe(false);
    expect(isValidStylesText('[{"type":')).toBe(false);
  });
});

describe('describePreviewError', () => {
  it('names the refused entry by its place in the array', () => {
    expect(
      describePreviewError(
        `layers.${PREVIEW_SOURCE_ID}-1.paint.line-color: color expected, number found`,
      ),
    ).toBe('Entry 2: paint.line-color: color expected, number found');
  });

  it('leaves other messages as they are', () => {
    expect(describePreviewError('Failed to load')).toBe('Failed to load');
  });
});
