import { describe, expect, it } from 'vitest';
import {
  processingSubmissionSchema,
  VERSION_NAME_INVALID,
  validateVersionName,
} from './scan-processing-inputs.ts';

describe('validateVersionName', () => {
  it('takes letters, digits, -, _ and . up to 64 characters', () => {
    for (const name of ['v2', 'crop_2024-05-01', 'ground.only', 'x'.repeat(64)]) {
      expect(validateVersionName(name), name).toBeNull();
    }
  });

  it('asks for a value when blank', () => {
    expect(validateVersionName('')).toBe('Value is required');
    expect(validateVersionName('   ')).toBe('Value is required');
    expect(validateVersionName(null)).toBe('Value is required');
  });

  it('refuses names that are unsafe as a folder of the scan', () => {
    for (const name of ['a b', '../x', 'a/b', '.', '..', 'é', 'x'.repeat(65)]) {
      expect(validateVersionName(name), name).toBe(VERSION_NAME_INVALID);
    }
  });
});

describe('processingSubmissionSchema', () => {
  it('takes ids as strings or numbers and trims the name', () => {
    const parsed = processingSubmissionSchema.parse({
      artifactIds: ['4', 5],
      name: ' v2 ',
      pipeline: '[]',
    });
    expect(parsed).toEqual({ artifactIds: [4, 5], name: 'v2', pipeline: '[]' });
  });

  it('refuses an empty list and a blank pipeline', () => {
    expect(
      processingSubmissionSchema.safeParse({ artifactIds: [], name: 'v', pipeline: '[]' }).success,
    ).toBe(false);
    expect(
      processingSubmissionSchema.safeParse({ artifactIds: [1], name: 'v', pipeline: ' ' }).success,
    ).toBe(false);
  });
});
