import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageStrip, type ImageStripState } from './ImageStrip.tsx';
import type { FrameImages } from './use-frame-images.ts';

const render = (state: ImageStripState) =>
  renderToStaticMarkup(<ImageStrip state={state} onStep={() => {}} onOpen={() => {}} />);

const links: FrameImages = {
  scanId: 'S1',
  frame: 7,
  lat: 50,
  lon: -100,
  capturedAt: '2005-04-02T08:15:42Z',
  expiresAt: '2030-01-01T00:00:00Z',
  left: {
    url: 'https://store/left.jpg',
    thumbnailUrl: 'https://store/left-thumb.jpg',
    jpegRotation: 90,
  },
  center: {
    url: 'https://store/center.jpg',
    thumbnailUrl: 'https://store/center-thumb.jpg',
    jpegRotation: 0,
  },
  right: null,
};

describe('ImageStrip', () => {
  it("says 'No scan focused' without a focused scan", () => {
    expect(render({ kind: 'no-scan' })).toContain('No scan focused');
  });

  it("says 'This scan has no images' for a scan without frames", () => {
    expect(render({ kind: 'no-images' })).toContain('This scan has no images');
  });

  it('shows the counter, the time and each camera by name with its thumbnail turned upright', () => {
    const html = render({ kind: 'frame', index: 2, count: 10, links });
    expect(html).toContain('Frame 3 of 10');
    expect(html).toContain('2005-04-02 08:15:42 UTC');
    for (const name of ['Left', 'Center', 'Right']) expect(html).toContain(`>${name}<`);
    expect(html).toMatch(/src="https:\/\/store\/left-thumb.jpg"[^>]*rotate\(90deg\)/);
    expect(html).toContain('src="https://store/center-thumb.jpg"');
    // Thumbnails first: no full image is loaded in the strip.
    expect(html).not.toContain('https://store/left.jpg');
    expect(html).toContain('No image');
  });

  it('disables Previous on the first frame and Next on the last', () => {
    const disabled = (html: string, label: string) => {
      const button = html.match(
        new RegExp(`<button(?:(?!</button>).)*${label}(?:(?!</button>).)*</button>`),
      );
      return /<button[^>]* disabled=""/.test(button![0]);
    };
    const first = render({ kind: 'frame', index: 0, count: 3, links });
    expect([disabled(first, 'Previous'), disabled(first, 'Next')]).toEqual([true, false]);
    const middle = render({ kind: 'frame', index: 1, count: 3, links });
    expect([disabled(middle, 'Previous'), disabled(middle, 'Next')]).toEqual([false, false]);
    const last = render({ kind: 'frame', index: 2, count: 3, links });
    expect([disabled(last, 'Previous'), disabled(last, 'Next')]).toEqual([false, true]);
  });
});
