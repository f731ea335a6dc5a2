import { describe, expect, it } from 'vitest';
import { downloadName, readableObjectKey } from './object-link-rules.ts';

describe('readableObjectKey', () => {
  const url = 's3://portal/org-4/project-2/trajectory-runs/7/log.txt';

  it('gives the key of an object of the caller organization', () => {
    expect(readableObjectKey(url, 'portal', 4)).toBe('org-4/project-2/trajectory-runs/7/log.txt');
  });

  it('refuses another organization, another bucket and unscoped keys', () => {
    expect(readableObjectKey(url, 'portal', 5)).toBeNull();
    expect(readableObjectKey(url, 'other', 4)).toBeNull();
    expect(readableObjectKey('s3://portal/geoid/grid.tif', 'portal', null)).toBeNull();
    expect(readableObjectKey('https://portal/org-4/x', 'portal', 4)).toBeNull();
  });

  it('refuses keys that climb out of their folder', () => {
    expect(readableObjectKey('s3://portal/org-4/../org-5/x', 'portal', 4)).toBeNull();
    expect(readableObjectKey('s3://portal/org-4//x', 'portal', 4)).toBeNull();
  });

  it('lets an Admin (no scope) read any organization', () => {
    expect(readableObjectKey(url, 'portal', null)).toBe(
      'org-4/project-2/trajectory-runs/7/log.txt',
    );
  });
});

describe('downloadName', () => {
  it('is the last segment of the key', () => {
    expect(downloadName('org-1/project-none/basestations/base.zip')).toBe('base.zip');
  });
});
