/**
 * The RTKLIB processing options of every trajectory run (docs/trajectory-processing.md, step 2).
 * The text is versioned: a run stores the version and a copy of the file, so a later change of
 * the options never changes what an earlier run means. Change a value → bump the version.
 *
 * Checked with the shared fixtures (rover 0759, base 3040; rnx2rtkp 2.4.3 b34):
 * `rnx2rtkp -k ppk-options.conf -o a.pos rover.o base.o rover.n base.n` writes exactly the epochs of
 * `rnx2rtkp -p 2 -f 2 -m 15 -sys G -c -h -r <base header XYZ> -t`, 115 of 115 fixed, at the
 * positions of the bare forward run (only the standard deviations shrink, as combined
 * solutions do).
 */

export const PPK_OPTIONS_VERSION = 'asset-portal-ppk-1';

/**
 * Key = value pairs as rnx2rtkp's `-k` reads them. Enumerations are written by the names of
 * RTKLIB 2.4.3 b34 (`strings /usr/bin/rnx2rtkp` lists them): L1+L2 is `l1+2`, the calendar time
 * form is `hms` (not `tmstr`). RTKLIB answers an unknown value with 'invalid option value' on
 * stderr and silently keeps its default, so runRnx2rtkp refuses a run that prints it.
 */
const OPTIONS: readonly [key: string, value: string, why: string][] = [
  ['pos1-posmode', 'kinematic', 'the rover moves'],
  ['pos1-frequency', 'l1+2', 'L1+L2 (2.4.3 names it l1+2)'],
  ['pos1-soltype', 'combined', 'forward and backward filters combined'],
  ['pos1-elmask', '15', 'elevation mask (degrees)'],
  ['pos1-dynamics', 'off', ''],
  ['pos1-tidecorr', 'off', ''],
  ['pos1-ionoopt', 'brdc', 'broadcast ionosphere model'],
  ['pos1-tropopt', 'saas', 'Saastamoinen troposphere model'],
  ['pos1-sateph', 'brdc', 'broadcast ephemerides'],
  ['pos1-navsys', '1', 'GPS only (bit mask: 1 = GPS)'],
  ['pos2-armode', 'fix-and-hold', 'integer ambiguity resolution'],
  ['pos2-gloarmode', 'off', 'no GLONASS'],
  ['pos2-arthres', '3', 'ratio test threshold'],
  ['out-solformat', 'llh', 'latitude, longitude, ellipsoidal height'],
  ['out-outhead', 'on', "'%' header lines"],
  ['out-outopt', 'off', ''],
  ['out-timesys', 'gpst', 'epochs in GPS time'],
  ['out-timeform', 'hms', 'yyyy/mm/dd hh:mm:ss.sss'],
  ['out-timendec', '3', 'decimals of the seconds'],
  ['out-degform', 'deg', 'decimal degrees'],
  ['out-height', 'ellipsoidal', 'WGS84 ellipsoidal height'],
  ['out-solstatic', 'all', ''],
  ['out-outstat', 'off', ''],
  ['ant1-postype', 'llh', 'rover: not used in kinematic mode'],
  ['ant2-postype', 'rinexhead', "base: the RINEX header's APPROX POSITION unless -r is given"],
  ['ant2-antdele', '0', ''],
  ['ant2-antdeln', '0', ''],
  ['ant2-antdelu', '0', ''],
  ['misc-timeinterp', 'off', ''],
];

/** The options file (.conf) of the current version, with a comment header naming it. */
export function ppkOptionsText(): string {
  const width = Math.max(...OPTIONS.map(([key]) => key.length)) + 1;
  const lines = [
    `# Asset Portal PPK options, version ${PPK_OPTIONS_VERSION}`,
    '# RTKLIB rnx2rtkp 2.4.3 options file (rnx2rtkp -k this-file): kinematic, L1+L2, GPS,',
    '# forward+backward combined, 15 deg elevation mask, fix-and-hold ambiguity resolution.',
    ...OPTIONS.map(([key, value, why]) =>
      `${key.padEnd(width)}=${value}${why ? ` # ${why}` : ''}`.trimEnd(),
    ),
  ];
  return `${lines.join('\n')}\n`;
}
