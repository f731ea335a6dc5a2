import { describe, expect, it } from 'vitest';
import {
  hasRoverObservation,
  roverObservationOf,
  sessionGnssFiles,
} from './trajectory-run-rules.ts';

const observation = { kind: 'observation', name: 'rover.obs', s3Url: 's3://portal/a/rover.obs' };
const navigation = { kind: 'navigation', name: 'rover.nav', s3Url: 's3://portal/a/rover.nav' };

describe("a session's rover observations", () => {
  it('are found among the stored GNSS files of its manifest', () => {
    const manifest = { gnss: [navigation, observation] };
    expect(roverObservationOf(sessionGnssFiles(manifest))).toEqual(observation);
    expect(hasRoverObservation(manifest)).toBe(true);
  });

  it('are missing without a stored observation file', () => {
    expect(hasRoverObservation({ gnss: [navigation] })).toBe(false);
    // Listed but never stored: no address to read it from.
    expect(hasRoverObservation({ gnss: [{ ...observation, s3Url: undefined }] })).toBe(false);
    expect(hasRoverObservation({ gnss: 'rover.obs' })).toBe(false);
    expect(hasRoverObservation(null)).toBe(false);
  });
});
