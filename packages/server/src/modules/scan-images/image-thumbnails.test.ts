import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  makeThumbnail,
  THUMBNAIL_MAX_SIDE,
  thumbnailKey,
  thumbnailSize,
} from './image-thumbnails.ts';

/** A JPEG whose left half is black and right half white. */
function halfAndHalf(width: number, height: number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const value = x < width / 2 ? 0 : 255;
      data.set([value, value, value, 255], at);
    }
  }
  return jpeg.encode({ data, width, height }, 90).data;
}

describe('thumbnailSize', () => {
  it('brings the longer side of a landscape frame down to 320 px, keeping the ratio', () => {
    expect(thumbnailSize(640, 400)).toEqual({ width: 320, height: 200 });
    expect(thumbnailSize(4000, 3000)).toEqual({ width: 320, height: 240 });
  });

  it('treats a frame stored on its side the same way, so it is 320 px wide once turned', () => {
    expect(thumbnailSize(400, 640)).toEqual({ width: 200, height: 320 });
  });

  it('never enlarges a small image, and never makes a side of 0 px', () => {
    expect(thumbnailSize(200, 100)).toEqual({ width: 200, height: 100 });
    expect(thumbnailSize(10_000, 10)).toEqual({ width: 320, height: 1 });
  });
});

describe('makeThumbnail', () => {
  it('makes a smaller JPEG that keeps the picture and the stored orientation', async () => {
    const thumbnail = await makeThumbnail(halfAndHalf(400, 640));
    expect(thumbnail).not.toBeNull();
    const decoded = jpeg.decode(thumbnail!, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([200, 320]);
    const grey = (x: number, y: number) => decoded.data[(y * decoded.width + x) * 4]!;
    expect(grey(20, 160)).toBeLessThan(30);
    expect(grey(180, 160)).toBeGreaterThan(225);
  });

  it('is much smaller than the camera image it comes from', async () => {
    const image = halfAndHalf(1280, 800);
    const thumbnail = (await makeThumbnail(image))!;
    expect(jpeg.decode(thumbnail).width).toBe(THUMBNAIL_MAX_SIDE);
    expect(thumbnail.length).toBeLessThan(image.length / 2);
  });

  it('gives no thumbnail for bytes that are not a JPEG', async () => {
    expect(await makeThumbnail(Buffer.from('not a jpeg at all'))).toBeNull();
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    expect(await makeThumbnail(png)).toBeNull();
  });

  it('refuses an image of more pixels than the limit, before decoding it', async () => {
    const image = halfAndHalf(64, 40);
    expect(await makeThumbnail(image, 64 * 40)).not.toBeNull();
    expect(await makeThumbnail(image, 64 * 40 - 1)).toBeNull();
  });
});

describe('thumbnailKey', () => {
  it('puts the thumbnail in a thumbs folder beside the image', () => {
    expect(thumbnailKey('org-1/project-2/scans/S1/images/left/000004.jpg')).toBe(
      'org-1/project-2/scans/S1/images/left/thumbs/000004.jpg',
    );
  });
});
