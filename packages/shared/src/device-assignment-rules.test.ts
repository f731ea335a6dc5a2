import { describe, expect, it } from 'vitest';
import {
  CONFIRM_DEVICE_ASSIGNMENT_DELETION,
  DEVICE_ASSIGNMENT_FROM_BEFORE_TO,
  DEVICE_ASSIGNMENT_OVERLAP,
  dateTimeLocalFromUtc,
  deviceAssignmentInput,
  findOverlap,
  periodContains,
  periodsOverlap,
  utcFromDateTimeLocal,
} from './device-assignment-rules.ts';

const d = (iso: string) => new Date(iso);
const jan = { from: d('2024-01-01T00:00:00Z'), to: d('2024-02-01T00:00:00Z') };

describe('device assignment periods', () => {
  it('overlap when they share an instant; touching ends do not', () => {
    expect(periodsOverlap(jan, { from: d('2024-01-31T00:00:00Z'), to: null })).toBe(true);
    expect(periodsOverlap(jan, { from: d('2023-01-01T00:00:00Z'), to: null })).toBe(true);
    expect(periodsOverlap(jan, { from: d('2024-02-01T00:00:00Z'), to: null })).toBe(false);
    expect(periodsOverlap(jan, { from: d('2023-12-01T00:00:00Z'), to: jan.from })).toBe(false);
    expect(findOverlap({ from: d('2024-01-15T00:00:00Z'), to: null }, [jan])).toBe(jan);
  });

  it('contain a time from inclusive to exclusive', () => {
    expect(periodContains(jan, jan.from)).toBe(true);
    expect(periodContains(jan, jan.to)).toBe(false);
    expect(periodContains({ from: jan.from, to: null }, d('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('describe the overlapping assignment', () => {
    expect(DEVICE_ASSIGNMENT_OVERLAP('LG-1', 'Alpha', jan)).toBe(
      "This period overlaps the assignment of device LG-1 to project 'Alpha' from 2024-01-01 00:00 UTC to 2024-02-01 00:00 UTC.",
    );
    expect(DEVICE_ASSIGNMENT_OVERLAP('LG-1', 'Alpha', { from: jan.from, to: null })).toMatch(
      /from 2024-01-01 00:00 UTC with no end\.$/,
    );
  });

  it('input requires from before to and allows an open end', () => {
    const base = { deviceId: 'LG-1', projectId: '3', from: '2024-02-01T00:00:00Z' };
    expect(deviceAssignmentInput.parse(base).to).toBeNull();
    expect(deviceAssignmentInput.parse({ ...base, to: '' }).to).toBeNull();
    const reversed = deviceAssignmentInput.safeParse({ ...base, to: '2024-01-01T00:00:00Z' });
    expect(reversed.error?.issues[0]?.message).toBe(DEVICE_ASSIGNMENT_FROM_BEFORE_TO);
  });

  it('reads datetime-local values as UTC and writes them back', () => {
    expect(utcFromDateTimeLocal('2024-05-01T08:30')?.toISOString()).toBe(
      '2024-05-01T08:30:00.000Z',
    );
    expect(utcFromDateTimeLocal('')).toBeNull();
    expect(utcFromDateTimeLocal('nonsense')).toBeNull();
    expect(dateTimeLocalFromUtc('2024-05-01T08:30:00.000Z')).toBe('2024-05-01T08:30');
    expect(dateTimeLocalFromUtc(null)).toBe('');
  });
});

describe('the delete confirmation', () => {
  it('counts the sessions that leave the project', () => {
    const ask = "Are you sure you want to delete the assignment of device LG-1 to project 'P'? ";
    const stays = '; data imported or assigned by hand stays.';
    expect(CONFIRM_DEVICE_ASSIGNMENT_DELETION('LG-1', 'P', 0)).toBe(
      `${ask}It placed no session in the project${stays}`,
    );
    expect(CONFIRM_DEVICE_ASSIGNMENT_DELETION('LG-1', 'P', 1)).toBe(
      `${ask}The session it placed in the project goes to Unassigned scans${stays}`,
    );
    expect(CONFIRM_DEVICE_ASSIGNMENT_DELETION('LG-1', 'P', 12)).toBe(
      `${ask}The 12 sessions it placed in the project go to Unassigned scans${stays}`,
    );
  });
});
