import { describe, expect, it } from 'vitest';
import { formatBytes, uploadQuotaProblem } from './upload-quota-rules.ts';

describe('upload quota rules', () => {
  it('formats sizes in decimal units with at most one decimal', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(10_000)).toBe('10 kB');
    expect(formatBytes(3_140_000_000)).toBe('3.1 GB');
    expect(formatBytes(500e9)).toBe('500 GB');
    expect(formatBytes(999_990_000)).toBe('1 GB');
    expect(formatBytes(2.5e12)).toBe('2.5 TB');
  });

  it('lets a file through up to the quota, and says by how much it passes it', () => {
    expect(uploadQuotaProblem(500e9, { stored: 300e9, inProgress: 100e9 }, 100e9)).toBeNull();
    expect(uploadQuotaProblem(500e9, { stored: 498.2e9, inProgress: 0 }, 4.9e9)).toBe(
      "Your organization's upload quota of 500 GB is reached (498.2 GB used); this file needs 3.1 GB more",
    );
    expect(uploadQuotaProblem(10_000, { stored: 0, inProgress: 0 }, 10_001)).toBe(
      "Your organization's upload quota of 10 kB is reached (0 bytes used); this file needs 1 byte more",
    );
  });

  it('counts uploads in progress as used, and says how much of it they take', () => {
    expect(uploadQuotaProblem(10_000, { stored: 4_000, inProgress: 5_000 }, 1_000)).toBeNull();
    expect(uploadQuotaProblem(10_000, { stored: 4_000, inProgress: 5_000 }, 1_500)).toBe(
      "Your organization's upload quota of 10 kB is reached (9 kB used, 5 kB of it by uploads in progress); this file needs 500 bytes more",
    );
  });
});
