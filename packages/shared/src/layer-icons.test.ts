import { describe, expect, it } from 'vitest';
import {
  imageDataUrlType,
  LAYER_ICON_LIMITS,
  LAYER_IMAGES_KEY,
  styleImages,
} from './layer-icons.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const entry = (images: unknown) => ({ type: 'symbol', metadata: { [LAYER_IMAGES_KEY]: images } });

describe('layer icons carried in style metadata', () => {
  it('reads the images of every entry, by name', () => {
    const images = styleImages([
      entry({ 'kmz-icon-a': PNG }),
      { type: 'line' },
      entry({ 'kmz-icon-b': 'data:image/gif;base64,R0lGODlh' }),
    ]);
    expect([...images]).toEqual([
      ['kmz-icon-a', PNG],
      ['kmz-icon-b', 'data:image/gif;base64,R0lGODlh'],
    ]);
  });

  it('leaves out what the map must not decode: other types, addresses, odd names, oversized data', () => {
    const tooLong = `data:image/png;base64,${'A'.repeat(Math.ceil(LAYER_ICON_LIMITS.maxIconBytes / 3) * 4 + 40)}`;
    const images = styleImages([
      entry({
        svg: 'data:image/svg+xml;base64,PHN2Zz4=',
        remote: 'https://example.com/pin.png',
        'bad name': PNG,
        big: tooLong,
        number: 12,
        ok: PNG,
      }),
      entry('not an object'),
      null,
      'text',
    ]);
    expect([...images.keys()]).toEqual(['ok']);
  });

  it('knows the MIME type of a well-formed image data URL only', () => {
    expect(imageDataUrlType(PNG)).toBe('image/png');
    expect(imageDataUrlType('data:image/jpeg;base64,/9j/')).toBe('image/jpeg');
    expect(imageDataUrlType('data:image/png;base64,<script>')).toBeNull();
    expect(imageDataUrlType('data:text/html;base64,PGI+')).toBeNull();
  });
});
