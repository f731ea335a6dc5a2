import { describe, expect, it } from 'vitest';
import { imageKeys, imageObjectKey } from './scan-image-rules.ts';

const KEY = 'org-7/project-3/scans/S1/images/left/000004.jpg';
const THUMB = 'org-7/project-3/scans/S1/images/left/thumbs/000004.jpg';

describe('imageObjectKey', () => {
  it("reads the key of an image in the portal's bucket under the scan organization", () => {
    expect(imageObjectKey(`s3://portal/${KEY}`, 'portal', 7)).toBe(KEY);
  });

  it("refuses another bucket, another organization's prefix and keys that climb out", () => {
    expect(imageObjectKey(`s3://elsewhere/${KEY}`, 'portal', 7)).toBeNull();
    expect(imageObjectKey(`s3://portal/${KEY}`, 'portal', 8)).toBeNull();
    expect(imageObjectKey('s3://portal/org-7/project-3/../../org-8/x.jpg', 'portal', 7)).toBeNull();
    expect(imageObjectKey(undefined, 'portal', 7)).toBeNull();
  });
});

describe('imageKeys', () => {
  it('signs the thumbnail when the image has one', () => {
    const ref = {
      s3Url: `s3://portal/${KEY}`,
      jpegRotation: 90,
      thumbnailS3Url: `s3://portal/${THUMB}`,
    };
    expect(imageKeys(ref, 'portal', 7)).toEqual({ image: KEY, thumbnail: THUMB });
  });

  it('falls back to the full image for an image without a thumbnail', () => {
    expect(imageKeys({ s3Url: `s3://portal/${KEY}`, jpegRotation: 0 }, 'portal', 7)).toEqual({
      image: KEY,
      thumbnail: KEY,
    });
  });

  it('gives nothing for a missing camera', () => {
    expect(imageKeys(null, 'portal', 7)).toBeNull();
  });
});
