import { describe, expect, it } from 'vitest';
import { combineSolutions, type PosEpoch, parsePosFile, rtklibVersionFromPos } from './pos-file.ts';

// The head of the .pos of the shared fixtures (rnx2rtkp 2.4.3 writes CRLF after solution lines).
const POS = [
  '% program   : RTKLIB ver.2.4.3',
  '% inp file  : 07590920.05o',
  '% ref pos   : 35.132066140  139.624302130    75.8027',
  '%',
  '% (lat/lon/height=WGS84/ellipsoidal,Q=1:fix,2:float,3:sbas,4:dgps,5:single,6:ppp,ns=# of satellites)',
  '%  GPST                  latitude(deg) longitude(deg)  height(m)   Q  ns   sdn(m)   sde(m)   sdu(m)  sdne(m)  sdeu(m)  sdun(m) age(s)  ratio',
  '2005/04/02 00:00:00.000   35.160875019  139.613838551    70.2724   1   7   0.0040   0.0032   0.0096   0.0015  -0.0034  -0.0039   0.00   24.9\r',
  '2005/04/02 00:00:30.000   35.160875013  139.613838581    70.2657   2   6   0.0040   0.0030   0.0096   0.0015  -0.0034  -0.0039   0.00    1.5\r',
  '',
].join('\n');

function epoch(gpsSeconds: number, q: number, lat = 35): PosEpoch {
  return {
    gpsSeconds,
    time: new Date(0),
    lat,
    lon: 139,
    height: 70,
    q,
    ns: 7,
    sdn: 0,
    sde: 0,
    sdu: 0,
    ratio: 0,
  };
}

describe('parsePosFile', () => {
  it('reads GPST calendar epochs, skipping the % header', () => {
    const epochs = parsePosFile(POS);
    expect(epochs).toHaveLength(2);
    // 2005-04-02 00:00:00 GPST = GPS week 1316, 518400 s; UTC is 13 s earlier.
    expect(epochs[0]).toEqual({
      gpsSeconds: 1316 * 604_800 + 518_400,
      time: new Date('2005-04-01T23:59:47.000Z'),
      lat: 35.160875019,
      lon: 139.613838551,
      height: 70.2724,
      q: 1,
      ns: 7,
      sdn: 0.004,
      sde: 0.0032,
      sdu: 0.0096,
      ratio: 24.9,
    });
    expect(epochs[1]!.gpsSeconds - epochs[0]!.gpsSeconds).toBe(30);
    expect(epochs[1]!.q).toBe(2);
    expect(rtklibVersionFromPos(POS)).toBe('2.4.3');
    expect(rtklibVersionFromPos('% program   : rnx2rtkp ver.2.4.3 b34\n')).toBe('2.4.3 b34');
  });

  it('reads GPS week/seconds and UTC epochs', () => {
    const tow = parsePosFile(
      '1316 518430.000   35.1   139.6   70.0   5   6   1 1 1 0 0 0 0.00 0.0\n',
    );
    expect(tow[0]!.gpsSeconds).toBe(1316 * 604_800 + 518_430);
    const utc = parsePosFile(
      `%  UTC                   latitude(deg) longitude(deg)  height(m)   Q\n2005/04/01 23:59:47.000 35.1 139.6 70 1 7 0 0 0 0 0 0 0 3\n`,
    );
    expect(utc[0]!.gpsSeconds).toBe(1316 * 604_800 + 518_400);
  });

  it('refuses malformed lines with the line number', () => {
    expect(() => parsePosFile('2005/04/02 00:00:00.000 35.1 139.6\n')).toThrow(
      'Line 1: expected latitude, longitude, height, Q',
    );
    expect(() => parsePosFile('%\nhello world 1 2 3\n')).toThrow("Line 2: 'hello world'");
    expect(() => parsePosFile('2005/04/02 00:00:00.000 95 139.6 70 1 7 0 0 0 0 0 0 0 3\n')).toThrow(
      'Line 1: latitude, longitude or Q out of range',
    );
    expect(() => parsePosFile('%  GPST  x-ecef(m)      y-ecef(m)      z-ecef(m)   Q\n')).toThrow(
      'not in latitude/longitude/height',
    );
  });
});

describe('combineSolutions', () => {
  it('keeps per epoch the lower Q, then the shorter baseline', () => {
    const near = {
      basestationId: 1,
      baselineKm: 3,
      epochs: [epoch(10, 2), epoch(20, 1), epoch(30, 1)],
    };
    const far = {
      basestationId: 2,
      baselineKm: 20,
      epochs: [epoch(10, 1), epoch(20, 1), epoch(30, 5), epoch(40, 2)],
    };
    for (const order of [
      [near, far],
      [far, near],
    ]) {
      const best = combineSolutions(order);
      expect(best.map((e) => [e.gpsSeconds, e.q, e.basestationId])).toEqual([
        [10, 1, 2],
        [20, 1, 1],
        [30, 1, 1],
        [40, 2, 2],
      ]);
    }
    expect(combineSolutions([])).toEqual([]);
  });
});
