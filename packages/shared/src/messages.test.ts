import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';

describe('messages and constants', () => {
  it('builds the templated texts', () => {
    expect(shared.IDLE_WARNING(7)).toBe('You will be logged out due to inactivity in 7 seconds...');
    expect(shared.SCAN_NOT_FOUND('S-1')).toBe('Scan S-1 not found in the current project');
    expect(shared.CONFIRM_PROJECT_DELETION('Road')).toBe(
      "Are you sure you want to delete project 'Road'?",
    );
    expect(shared.CONFIRM_USER_DELETION('Jane')).toBe(
      "Are you sure you want to delete user 'Jane'?",
    );
    expect(shared.TRAJECTORY_SUBMITTED('S1', [1, 2])).toBe(
      'Submitted S1 for processing with basestations: 1, 2',
    );
  });

  it("takes an imported scan's failure reason out of its activity-log message", () => {
    const reason = "The file's CRS is WGS 84 / UTM zone 42N (EPSG:32642); the scan's UTM is 10N";
    const message = shared.IMPORTED_SCAN_FAILED('imp-3jplvor33rm', reason);
    expect(message).toBe(`Processing imported scan imp-3jplvor33rm failed: ${reason}`);
    expect(shared.importedScanFailureReason(message)).toBe(reason);
    expect(shared.importedScanFailureReason('Reading points of scan imp-1: 10 of 20')).toBe(
      'Reading points of scan imp-1: 10 of 20',
    );
  });

  it('keeps the limits of the spec', () => {
    expect(shared.MAX_SELECTED_SCANS).toBe(40);
    expect(shared.MAX_SELECTED_SCANS_MESSAGE).toContain(String(shared.MAX_SELECTED_SCANS));
    expect(shared.PIPELINE_DESCRIPTION_TOO_LONG).toContain(String(shared.PIPELINE_DESCRIPTION_MAX));
    expect(shared.ACTIVITY_STATUS_FILTER_OPTIONS).toEqual([
      'Submitted',
      'Started',
      'Completed',
      'Error',
      'Event',
      'Failed',
    ]);
    expect(shared.DEFAULT_TAG_OPTIONS).toEqual(['QA - OK', 'QA - Issue/Poor']);
    expect(shared.MAP_DEFAULT_CENTER).toEqual({ lon: -100, lat: 50 });
  });
});
