import { describe, expect, it } from 'vitest';
import { classCountsText } from './scan-processing-rules.ts';

describe("a processed version's classes in its log message", () => {
  it('names each class with its count, most points first', () => {
    expect(classCountsText({ 1: 8_209, 2: 28_668, 7: 623 })).toBe(
      'Ground 28,668, Unclassified 8,209, Low point (noise) 623',
    );
  });

  it('names a code the ASPRS table leaves to users by its number', () => {
    expect(classCountsText({ 64: 5, 2: 5 })).toBe('Ground 5, Class 64 5');
  });

  it('counts the classes past the sixth together, and leaves out empty ones', () => {
    const classes = { 0: 1, 1: 90, 2: 80, 3: 70, 4: 60, 5: 50, 6: 40, 9: 30, 17: 0 };
    expect(classCountsText(classes)).toBe(
      'Unclassified 90, Ground 80, Low vegetation 70, Medium vegetation 60, High vegetation 50, Building 40, 2 other classes 31',
    );
    expect(classCountsText({ 0: 3, 1: 0 })).toBe('Never classified 3');
    expect(classCountsText({})).toBe('');
  });
});
