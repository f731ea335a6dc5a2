import { describe, expect, it } from 'vitest';
import { gpsSecondsToUtc, utcToGpsSeconds } from '../gps-time.ts';
import { GNSS_SITES, siteForWindow } from './gnss-sites.ts';
import { DEFAULT_SESSION_START, parseGeneratorArgs, parsePpkOffset, parseSize } from './options.ts';

describe('generator options', () => {
  it('parses sizes', () => {
    expect(parseSize('200MB')).toBe(200_000_000);
    expect(parseSize('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('3000')).toBe(3000);
    expect(() => parseSize('lots')).toThrow('--target-size lots is not a size');
  });

  it('applies defaults and validates with clear messages', () => {
    const options = parseGeneratorArgs(['--out', '/tmp/x']);
    expect(options).toMatchObject({ deviceId: 'LG-1001', scans: 3, targetBytes: 200_000_000 });
    expect(options.sessionStart).toEqual(DEFAULT_SESSION_START);
    expect(() => parseGeneratorArgs([])).toThrow('--out DIR is required');
    expect(() => parseGeneratorArgs(['--out', 'x', '--scans', '0'])).toThrow(
      '--scans must be a whole number from 1 to 20, got 0',
    );
    expect(() => parseGeneratorArgs(['--out', 'x', '--device', 'bad id!'])).toThrow(
      '--device bad id! must be',
    );
    expect(() => parseGeneratorArgs(['--out', 'x', '--session-start', 'yesterday'])).toThrow(
      '--session-start yesterday is not a UTC date-time',
    );
    expect(() => parseGeneratorArgs(['--out', 'x', '--target-size', '1kB'])).toThrow(
      '--target-size must be at least 100kB',
    );
  });

  it('places the default session in the window of rover 0759 (GPST = UTC + 13 s in 2005)', () => {
    expect(DEFAULT_SESSION_START.toISOString()).toBe('2005-04-02T00:00:17.000Z');
    const start = utcToGpsSeconds(DEFAULT_SESSION_START);
    expect(gpsSecondsToUtc(start)).toEqual(DEFAULT_SESSION_START);
    expect(siteForWindow(start, start + 400)).toBe(GNSS_SITES[0]);
    const phone = utcToGpsSeconds(new Date('2024-04-01T08:31:16Z'));
    expect(siteForWindow(phone, phone + 300)).toBe(GNSS_SITES[1]);
    expect(siteForWindow(phone - 86_400, phone - 86_000)).toBeUndefined();
  });

  it('parses --ppk-offset E,N,U in metres', () => {
    expect(parseGeneratorArgs(['--out', 'x']).ppkOffset).toBeUndefined();
    expect(parseGeneratorArgs(['--out', 'x', '--ppk-offset', '0.5,-0.25,0.1']).ppkOffset).toEqual([
      0.5, -0.25, 0.1,
    ]);
    expect(parsePpkOffset(' 1 , 2 ,-3 ')).toEqual([1, 2, -3]);
    for (const bad of ['1,2', '1,2,3,4', 'a,b,c', '1,,2', '0,0,2000']) {
      expect(() => parsePpkOffset(bad)).toThrow(
        `--ppk-offset ${bad} must be three numbers of metres within ±1000, east,north,up`,
      );
    }
  });

  it('knows the surveyed (PPK) position of rover 0759, about 0.12 m east of and above its header', () => {
    const site = GNSS_SITES[0]!;
    expect(site.surveyed).toEqual({
      lat: 35.1608750218,
      lon: 139.6138385755,
      ellipsoidalHeight: 70.2763,
    });
    const metresEast =
      (site.surveyed!.lon - site.lon) * 111_320 * Math.cos((site.lat * Math.PI) / 180);
    expect(metresEast).toBeCloseTo(0.12, 2);
    expect(site.surveyed!.ellipsoidalHeight - site.ellipsoidalHeight).toBeCloseTo(0.126, 3);
    expect(GNSS_SITES[1]!.surveyed).toBeUndefined();
  });
});
