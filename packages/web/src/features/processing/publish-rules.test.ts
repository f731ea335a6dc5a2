import { describe, expect, it } from 'vitest';
import {
  alreadyPublishedNotice,
  noImagesNote,
  publishedVersionNote,
  publishFolderHint,
  publishScanInputs,
  publishSubtitle,
} from './publish-rules.ts';

describe('the publish subtitle', () => {
  it('counts scans in bulk, one of them too, and names the focused scan', () => {
    const one = { id: 'LG1_01', sessionId: 'LG1' };
    expect(publishSubtitle([one], false)).toBe('LG1_01');
    expect(publishSubtitle([one], true)).toBe('Publish 1 scan');
    expect(publishSubtitle([one, { id: 'LG1_02', sessionId: null }], true)).toBe('Publish 2 scans');
  });
});

it('pairs each scan with its session', () => {
  expect(publishScanInputs([{ id: 'x', sessionId: null }])).toEqual([
    { scanId: 'x', sessionId: null },
  ]);
});

describe('the published version', () => {
  it('is named for the focused scan, and said to be the default one in bulk', () => {
    expect(publishedVersionNote(false, 'ppk-run-1')).toBe(
      "Publishes version ppk-run-1, the scan's default version.",
    );
    const each = "Publishes each scan's default version, the one the viewer shows for it.";
    expect(publishedVersionNote(true, null)).toBe(each);
    expect(publishedVersionNote(false, null)).toBe(each);
  });
});

describe('the Folder hint', () => {
  it('shows where each scan goes, the project name first', () => {
    // With the bucket chosen: its name, and its prefix before the project's name.
    expect(
      publishFolderHint('Paris', 'run-1', { name: 'Northwind deliveries', prefix: 'deliveries' }),
    ).toBe(
      'Each scan is published to bucket Northwind deliveries: deliveries/Paris/run-1/<scan id>/.',
    );
    expect(publishFolderHint('Paris', 'run-1', { name: 'Data', prefix: '' })).toBe(
      'Each scan is published to bucket Data: Paris/run-1/<scan id>/.',
    );
    expect(publishFolderHint('Paris Test Drive', '')).toBe(
      'Each scan is published to Paris Test Drive/…/<scan id>/.',
    );
    expect(publishFolderHint('Paris Test Drive', ' deliveries/2024/ ')).toBe(
      'Each scan is published to Paris Test Drive/deliveries/2024/<scan id>/.',
    );
  });

  it('says so when the folder starts with the project name again', () => {
    expect(publishFolderHint('Paris Test Drive', 'Paris Test Drive/')).toBe(
      "Each scan is published to Paris Test Drive/Paris Test Drive/<scan id>/: the project's name is put before the folder already.",
    );
    expect(publishFolderHint('Paris', 'Paris Test Drive')).toBe(
      'Each scan is published to Paris/Paris Test Drive/<scan id>/.',
    );
  });
});

describe('the notice of scans already published to the folder', () => {
  it('names up to three and counts the rest', () => {
    expect(alreadyPublishedNotice(['S1'], 1)).toBe(
      'This scan is already published to this folder (S1): publishing again replaces what is there. Choose another folder to keep the earlier delivery.',
    );
    expect(alreadyPublishedNotice(['S1', 'S2', 'S3', 'S4', 'S5'], 8)).toMatch(
      /^5 of these scans are already published to this folder \(S1, S2, S3 and 2 more\): /,
    );
  });
});

describe('the note of scans without images', () => {
  const cloud = { artifactType: 'pointcloud' };
  const withImages = {
    id: 'A',
    sessionId: 'S',
    artifacts: [cloud, { artifactType: 'center_cam' }],
  };
  const bare = { id: 'B', sessionId: 'S', artifacts: [cloud] };

  it('says when none, or some, of the scans have images to publish', () => {
    expect(noImagesNote([withImages])).toBeNull();
    expect(noImagesNote([bare])).toBe(
      'This scan has no images: its point cloud and trajectory are published.',
    );
    expect(noImagesNote([bare, { ...bare, id: 'C' }])).toBe(
      'None of these scans has images: their point clouds and trajectories are published.',
    );
    expect(noImagesNote([withImages, bare])).toBe(
      "1 scan of 2 has no images; the others' images are published.",
    );
  });

  it('says nothing of scans whose artifacts it was not given', () => {
    expect(noImagesNote([{ id: 'D', sessionId: null }])).toBeNull();
  });
});
