import { describe, expect, it } from 'vitest';
import {
  filterStatusOf,
  hasImages,
  hasPointCloud,
  isFinal,
  SCAN_STATUS_OPTIONS,
  sessionStatus,
  splitSessionStatus,
  statusChipColor,
} from './scan-status.ts';

const finalScan = {
  artifacts: [
    { artifactType: 'pointcloud', status: 'final' },
    { artifactType: 'left_cam', status: 'final' },
  ],
};
const provisionalScan = { artifacts: [{ artifactType: 'pointcloud', status: 'provisional' }] };
const imagesOnly = { artifacts: [{ artifactType: 'center_cam', status: 'final' }] };

describe('scan status', () => {
  it('derives final, point cloud and images', () => {
    expect(isFinal(finalScan)).toBe(true);
    expect(isFinal(provisionalScan)).toBe(false);
    expect(isFinal(imagesOnly)).toBe(false);
    expect(hasPointCloud(provisionalScan)).toBe(true);
    expect(hasPointCloud(imagesOnly)).toBe(false);
    expect(hasImages(finalScan)).toBe(true);
    expect(hasImages(provisionalScan)).toBe(false);
    expect(hasImages({})).toBe(false);
  });

  it('classifies for the filter', () => {
    expect(filterStatusOf(finalScan)).toBe('Final');
    expect(filterStatusOf(provisionalScan)).toBe('Provisional');
    expect(filterStatusOf(imagesOnly)).toBe('Exception');
    expect(filterStatusOf({ artifacts: null })).toBe('Exception');
    expect(SCAN_STATUS_OPTIONS).toEqual(['(ALL)', 'Provisional', 'Final']);
  });

  it('builds the session status string', () => {
    expect(sessionStatus([provisionalScan, finalScan, provisionalScan])).toBe('final, provisional');
    expect(sessionStatus([imagesOnly])).toBe('');
    expect(splitSessionStatus('final, provisional')).toEqual(['final', 'provisional']);
  });

  it('colours chips', () => {
    expect(statusChipColor('final-ppk')).toBe('success');
    expect(statusChipColor('provisional')).toBe('warning');
    expect(statusChipColor('other')).toBe('default');
  });
});
