import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convertLayerFile } from '@asset-portal/layer-formats';
import { describe, expect, it } from 'vitest';
import { layerStyleSpecError } from './layer-style-spec.ts';

const FIXTURES =
  process.env.FIXTURES_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');

describe('layerStyleSpecError', () => {
  it('takes the styles a KMZ converts to, its icons carried in the metadata', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, 'layers', 'iceland.kmz')));
    const { styles } = await convertLayerFile('iceland.kmz', bytes);
    expect(styles.some((style) => style.metadata)).toBe(true);
    expect(layerStyleSpecError(JSON.stringify(styles))).toBeNull();
  });

  it('names the entry MapLibre refuses', () => {
    const text = JSON.stringify([
      { type: 'line' },
      { type: 'symbol', layout: { 'icon-size': 'large' } },
    ]);
    expect(layerStyleSpecError(text)).toMatch(/^Entry 2: layout\.icon-size/);
  });
});
