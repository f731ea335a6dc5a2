import { describe, expect, it } from 'vitest';
import {
  frameCounterText,
  frameTimeText,
  neighbourIndexes,
  normalizedRotation,
  shownFrameIndex,
  stepForKey,
  steppedFrameIndex,
  uprightImageStyle,
} from './frame-stepping.ts';

describe('stepping through frames', () => {
  it('shows the first frame when none is chosen, and keeps a chosen one within the scan', () => {
    expect(shownFrameIndex(null, 5)).toBe(0);
    expect(shownFrameIndex(3, 5)).toBe(3);
    expect(shownFrameIndex(9, 5)).toBe(4);
    expect(shownFrameIndex(-2, 5)).toBe(0);
    expect(shownFrameIndex(2, 0)).toBeNull();
  });

  it('steps one frame back or forward, and stops at either end', () => {
    expect(steppedFrameIndex(2, 1, 5)).toBe(3);
    expect(steppedFrameIndex(2, -1, 5)).toBe(1);
    expect(steppedFrameIndex(4, 1, 5)).toBeNull();
    expect(steppedFrameIndex(0, -1, 5)).toBeNull();
  });

  it('reads the arrow keys as steps and ignores other keys', () => {
    expect(stepForKey('ArrowLeft')).toBe(-1);
    expect(stepForKey('ArrowUp')).toBe(-1);
    expect(stepForKey('ArrowRight')).toBe(1);
    expect(stepForKey('ArrowDown')).toBe(1);
    expect(stepForKey('Enter')).toBeNull();
  });

  it('prefetches the neighbours that exist', () => {
    expect(neighbourIndexes(0, 3)).toEqual([1]);
    expect(neighbourIndexes(1, 3)).toEqual([0, 2]);
    expect(neighbourIndexes(0, 1)).toEqual([]);
  });

  it("counts frames from 1: 'Frame i of n'", () => {
    expect(frameCounterText(0, 12)).toBe('Frame 1 of 12');
    expect(frameCounterText(11, 12)).toBe('Frame 12 of 12');
  });

  it('formats the capture time in UTC', () => {
    expect(frameTimeText('2005-04-02T08:15:42.250Z')).toBe('2005-04-02 08:15:42 UTC');
    expect(frameTimeText(null)).toBeNull();
  });
});

describe('jpegRotation', () => {
  it('is read as a quarter turn clockwise', () => {
    expect(normalizedRotation(90)).toBe(90);
    expect(normalizedRotation(-90)).toBe(270);
    expect(normalizedRotation(450)).toBe(90);
    expect(normalizedRotation(null)).toBe(0);
  });

  it('turns an image on its side with its sides swapped, so it fills the box once upright', () => {
    expect(uprightImageStyle(90, 1.6)).toMatchObject({
      width: '62.5%',
      height: '160%',
      transform: 'translate(-50%, -50%) rotate(90deg)',
    });
    expect(uprightImageStyle(0, 1.6)).toMatchObject({
      width: '100%',
      height: '100%',
      transform: 'translate(-50%, -50%) rotate(0deg)',
    });
    expect(uprightImageStyle(180, 1.6).transform).toContain('rotate(180deg)');
  });
});
