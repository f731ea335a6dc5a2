import { describe, expect, it } from 'vitest';
import {
  capturedSuffix,
  clampPage,
  emptyListText,
  formatCapturedTime,
  pageCount,
  pageRows,
  statusChipOf,
} from './scan-list-format.ts';

describe('scan list', () => {
  it('shows capture times in UTC to the minute', () => {
    expect(formatCapturedTime('2024-05-01T10:07:59.000Z')).toBe('2024-05-01 10:07 UTC');
    expect(formatCapturedTime(null)).toBe('');
    // After the session on a scan's row: no dangling separator for a scan with no time.
    expect(capturedSuffix('2024-05-01T10:07:59.000Z')).toBe(' · 2024-05-01 10:07 UTC');
    expect(capturedSuffix(null)).toBe('');
    expect(formatCapturedTime('not a date')).toBe('');
  });

  it('pages by the given size and keeps the page within the list', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageRows(rows, 0, 20)).toHaveLength(20);
    expect(pageRows(rows, 2, 20)).toEqual([40, 41, 42, 43, 44]);
    // The filter shortened the list under the page the user was on.
    expect(clampPage(2, 5, 20)).toBe(0);
    expect(pageRows(rows.slice(0, 5), 2, 20)).toEqual([0, 1, 2, 3, 4]);
  });

  it('colours the status chip green for Final and yellow for Provisional', () => {
    expect(statusChipOf({ artifacts: [{ artifactType: 'pointcloud', status: 'final' }] })).toEqual({
      label: 'Final',
      color: 'success',
    });
    expect(
      statusChipOf({ artifacts: [{ artifactType: 'pointcloud', status: 'provisional' }] }).color,
    ).toBe('warning');
    expect(statusChipOf({ artifacts: [] })).toEqual({ label: 'Exception', color: 'default' });
  });

  it('tells an empty project and a loading one from a filter that matches nothing', () => {
    expect(emptyListText(false, 12)).toBe('No scans match the filter.');
    expect(emptyListText(true, 0)).toBe('Loading scans…');
    expect(emptyListText(false, 0)).toBe('This project has no scans yet.');
  });
});
