import { IMPORTED_SCAN_FAILED } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  canProcessAgain,
  failureReason,
  formatPointCount,
  type ImportedScanState,
  isImportedScanActive,
  metadataRecord,
  processingChip,
  statusChip,
  utmOf,
} from './imported-scan-format.ts';
import { localInputToIso } from './imported-scan-texts.ts';

const scan = (overrides: Partial<ImportedScanState>): ImportedScanState => ({
  status: 'Pending',
  processingStatus: null,
  processingMessage: null,
  sourceS3Url: null,
  metadata: { utm: '42N' },
  ...overrides,
});

describe('imported scan format', () => {
  it('reads UTM and point count from object or JSON-text metadata', () => {
    expect(utmOf({ utm: '42N', pointCount: 38367 })).toBe('42N');
    expect(utmOf('{"utm":"10S"}')).toBe('10S');
    expect(utmOf(null)).toBe('');
    expect(formatPointCount({ pointCount: 38367 })).toBe('38,367');
    expect(formatPointCount({ utm: '42N' })).toBe('');
    expect(metadataRecord('{"utm":"10S","crs":"x"}')).toEqual({ utm: '10S', crs: 'x' });
  });

  it('shows Completed in green, Pending plain, and a failed run as a red Failed with its reason', () => {
    expect(statusChip(scan({ status: 'Completed' }))).toMatchObject({
      label: 'Completed',
      color: 'success',
    });
    expect(statusChip(scan({}))).toMatchObject({ label: 'Pending', color: 'default' });
    expect(
      processingChip(scan({ processingStatus: 'Failed', processingMessage: 'CRS mismatch' })),
    ).toEqual({ label: 'Processing failed', color: 'error', tooltip: 'CRS mismatch' });
    expect(processingChip(scan({ processingStatus: 'Started' }))?.label).toBe('Processing');
    expect(processingChip(scan({ status: 'Completed', processingStatus: 'Completed' }))).toBeNull();
  });

  it("says a failed run's reason without the scan's id, and offers it again when its file is stored", () => {
    const failed = scan({
      processingStatus: 'Failed',
      processingMessage: IMPORTED_SCAN_FAILED('imp-7', 'The file is not a readable LAS file'),
    });
    expect(failureReason(failed)).toBe('The file is not a readable LAS file');
    expect(processingChip(failed)?.tooltip).toBe('The file is not a readable LAS file');
    expect(canProcessAgain(failed)).toBe(false);
    expect(canProcessAgain({ ...failed, sourceS3Url: 's3://b/k' })).toBe(true);
    const running = scan({ processingStatus: 'Started', sourceS3Url: 's3://b/k' });
    expect(failureReason(running)).toBeNull();
    expect(canProcessAgain(running)).toBe(false);
    expect(canProcessAgain(scan({ status: 'Completed', sourceS3Url: 's3://b/k' }))).toBe(false);
  });

  it('polls while a run is queued or running, or a submitted file has no run yet', () => {
    expect(isImportedScanActive(scan({ processingStatus: 'Submitted' }))).toBe(true);
    expect(isImportedScanActive(scan({ status: 'Completed', processingStatus: 'Started' }))).toBe(
      true,
    );
    expect(isImportedScanActive(scan({ sourceS3Url: 's3://b/k' }))).toBe(true);
    expect(
      isImportedScanActive(scan({ processingStatus: 'Failed', sourceS3Url: 's3://b/k' })),
    ).toBe(false);
    expect(isImportedScanActive(scan({ status: 'Completed', processingStatus: 'Completed' }))).toBe(
      false,
    );
  });

  it('turns a blank capture time into null and a local one into an ISO instant', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2024-05-01T10:30')).toBe(new Date('2024-05-01T10:30').toISOString());
  });
});
