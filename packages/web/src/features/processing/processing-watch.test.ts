import { describe, expect, it } from 'vitest';
import {
  nextProcessingWatch,
  PROCESSING_WATCH_MAX_MS,
  type ProcessingWatch,
  shownProcessing,
  type WatchedProcessing,
  watchUnderWay,
} from './processing-watch.ts';
import { parseStoredWatch, storedWatchText } from './processing-watch-storage.ts';

const under = (name: string, since = 0) => ({
  name,
  status: 'Processing' as const,
  message: null,
  since,
});
const entry = (scanId: string, name: string, status: string, message: string | null = null) => ({
  status,
  message,
  payload: { scanId, artifactId: '1', name },
});

describe('the processings watched from a page', () => {
  const watch: ProcessingWatch = new Map([
    ['S_01', under('ground')],
    ['S_02', under('ground')],
    ['S_03', under('ground')],
  ]);

  it('drops a completed one, keeps a failed one with its message, and leaves the rest under way', () => {
    const next = nextProcessingWatch(watch, [
      entry('S_01', 'ground', 'Completed'),
      entry('S_02', 'ground', 'Failed', 'The stored cloud is missing'),
      entry('S_03', 'ground', 'Started'),
    ]);
    expect([...next]).toEqual([
      [
        'S_02',
        { name: 'ground', status: 'Failed', message: 'The stored cloud is missing', since: 0 },
      ],
      ['S_03', under('ground')],
    ]);
  });

  it('reads only the newest entry of a scan and version, and ignores other versions', () => {
    const next = nextProcessingWatch(watch, [
      entry('S_01', 'ground', 'Started'),
      entry('S_01', 'ground', 'Failed', 'an earlier attempt'),
      entry('S_02', 'core', 'Failed', 'another version'),
      { status: 'Completed', payload: null },
    ]);
    expect(next).toBe(watch);
  });

  it('keeps a failure once read, whatever comes after', () => {
    const failed = nextProcessingWatch(watch, [entry('S_01', 'ground', 'Error', 'boom')]);
    expect(nextProcessingWatch(failed, [entry('S_01', 'ground', 'Completed')])).toBe(failed);
  });

  it('shows nothing for a version the scan already has, unless it failed', () => {
    expect(shownProcessing(under('ground'), ['unclassified', 'ground'])).toBeUndefined();
    expect(shownProcessing(under('ground'), ['unclassified'])).toEqual(under('ground'));
    const failed = { name: 'ground', status: 'Failed' as const, message: 'boom', since: 0 };
    expect(shownProcessing(failed, ['ground'])).toBe(failed);
    expect(shownProcessing(undefined, ['ground'])).toBeUndefined();
  });

  it('asks after a processing while one is under way, for a few hours at most', () => {
    const at = 1_000_000_000;
    expect(watchUnderWay(new Map([['S_01', under('g', at)]]), at + 60_000)).toBe(true);
    expect(watchUnderWay(new Map([['S_01', under('g', at)]]), at + PROCESSING_WATCH_MAX_MS)).toBe(
      false,
    );
    const failed = { name: 'g', status: 'Failed' as const, message: null, since: at };
    expect(watchUnderWay(new Map([['S_01', failed]]), at)).toBe(false);
  });
});

describe('the watch kept in the tab', () => {
  const now = 10 * PROCESSING_WATCH_MAX_MS;
  const watch: ProcessingWatch = new Map<string, WatchedProcessing>([
    ['S_01', under('ground', now - 1_000)],
    [
      'S_02',
      { name: 'ground', status: 'Failed', message: 'The cloud could not be read', since: now },
    ],
  ]);

  it('reads back what was stored for the same user, and nothing for another', () => {
    expect(parseStoredWatch(storedWatchText(watch, '7'), now, '7')).toEqual(watch);
    expect(parseStoredWatch(storedWatchText(watch, '7'), now, '8').size).toBe(0);
  });

  it('leaves out processings too old to be asked after', () => {
    const old = new Map([...watch, ['S_03', under('noise', now - PROCESSING_WATCH_MAX_MS)]]);
    expect([...parseStoredWatch(storedWatchText(old, '7'), now, '7').keys()]).toEqual([
      'S_01',
      'S_02',
    ]);
  });

  it('is empty for nothing stored or text that is not a watch, and skips entries that are not', () => {
    expect(parseStoredWatch(null, now, '7').size).toBe(0);
    expect(parseStoredWatch('{not json', now, '7').size).toBe(0);
    expect(parseStoredWatch('{"S_01":1}', now, '7').size).toBe(0);
    // Entries without their user are not a watch.
    expect(parseStoredWatch(JSON.stringify([['S_01', under('ground', now)]]), now, '7').size).toBe(
      0,
    );
    const mixed = JSON.stringify({
      user: '7',
      entries: [
        ['S_01', under('ground', now)],
        ['S_02', { name: 'ground', status: 'Done', message: null, since: now }],
        ['S_03', { name: 7, status: 'Processing', message: null, since: now }],
        [4, under('ground', now)],
        ['S_05'],
      ],
    });
    expect([...parseStoredWatch(mixed, now, '7').keys()]).toEqual(['S_01']);
  });
});
