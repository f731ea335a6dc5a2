import path from 'node:path';
import type { OpenedPackage } from '../../device-packages/package-reader.ts';
import { readRinexSummary } from '../../lib/rinex/rinex-epochs.ts';
import { classifyRinexFileName, RinexLineReader } from '../../lib/rinex/rinex-files.ts';
import {
  type EcefPosition,
  isNavigationHeader,
  isObservationHeader,
  type RinexHeader,
} from '../../lib/rinex/rinex-header.ts';
import type { RinexTime } from '../../lib/rinex/rinex-time.ts';

/** A base-station zip the portal cannot use; the message says why, for the user. */
export class BasestationFileError extends Error {
  override name = 'BasestationFileError';
}

/** One RINEX file found in the zip. */
export interface BasestationZipFile {
  /** The entry's path in the zip. */
  entryName: string;
  /** The name it is stored under (the entry's base name, unsafe characters made '_'). */
  name: string;
  kind: 'observation' | 'navigation';
  rinexVersion: string;
  /** Uncompressed entry size in bytes (the stored object's size). */
  size: number;
  header: RinexHeader;
}

/** What a base-station zip holds, as read from its observation file(s). */
export interface BasestationZipContents {
  files: BasestationZipFile[];
  markerName: string | null;
  position: EcefPosition;
  antennaHeight: number | null;
  intervalSeconds: number | null;
  rinexVersion: string;
  /** First and last epoch carrying observations over all observation files. */
  first: RinexTime;
  last: RinexTime;
  epochCount: number;
}

const HIDDEN = /(^|\/)(__MACOSX\/|\.)/;

/** The stored name of an entry: its base name, characters other than [A-Za-z0-9._-] as '_'. */
export function storedRinexName(entryName: string): string {
  const base = path.posix.basename(entryName).replace(/[^A-Za-z0-9._-]/g, '_');
  return base.replace(/^\.+/, '_') || 'rinex';
}

/**
 * Finds the RINEX observation and navigation files of an opened zip and reads them: every
 * header, and every observation file's epochs. Hatanaka files are refused by name; other files
 * are ignored. Throws BasestationFileError (or RinexFormatError) when the zip cannot serve as
 * a base station.
 */
export async function readBasestationZip(pkg: OpenedPackage): Promise<BasestationZipContents> {
  const candidates = pkg.entries.filter((entry) => !HIDDEN.test(entry.name));
  const hatanaka = candidates.filter((e) => classifyRinexFileName(e.name) === 'hatanaka');
  const rinex = candidates.filter((entry) =>
    ['observation', 'navigation', 'rinex'].includes(classifyRinexFileName(entry.name)),
  );

  const files: BasestationZipFile[] = [];
  let first: RinexTime | null = null;
  let last: RinexTime | null = null;
  let epochCount = 0;
  let primary: { header: RinexHeader; shortestStep: number | null } | null = null;
  const names = new Map<string, string>();

  for (const entry of rinex) {
    const reader = new RinexLineReader(entry.name, await pkg.readEntry(entry.name));
    const { header, epochs } = await readRinexSummary(reader);
    let kind: BasestationZipFile['kind'];
    if (isObservationHeader(header)) kind = 'observation';
    else if (isNavigationHeader(header)) kind = 'navigation';
    else continue; // meteorological, clock, … files are not used
    const name = storedRinexName(entry.name);
    const clash = names.get(name.toLowerCase());
    if (clash) {
      throw new BasestationFileError(
        `The zip holds two RINEX files named ${name} (${clash} and ${entry.name}); keep one`,
      );
    }
    names.set(name.toLowerCase(), entry.name);
    files.push({
      entryName: entry.name,
      name,
      kind,
      rinexVersion: header.versionText,
      size: entry.size,
      header,
    });
    if (kind !== 'observation' || !epochs) continue;

    if (!header.approxPosition) {
      throw new BasestationFileError(
        `${entry.name} has no APPROX POSITION XYZ in its header; the base station's position is needed`,
      );
    }
    if (!epochs.first || !epochs.last) {
      throw new BasestationFileError(`${entry.name} holds no observation epochs`);
    }
    if (primary && primary.header.markerName !== header.markerName) {
      throw new BasestationFileError(
        `The zip holds observation files of several stations (${primary.header.markerName ?? 'unnamed'} and ${header.markerName ?? 'unnamed'}); upload one station per zip`,
      );
    }
    if (!first || epochs.first.gpsSeconds < first.gpsSeconds) {
      first = epochs.first;
      primary = { header, shortestStep: epochs.shortestStepSeconds };
    }
    if (!last || epochs.last.gpsSeconds > last.gpsSeconds) last = epochs.last;
    epochCount += epochs.epochCount;
  }

  if (!primary || !first || !last) {
    if (hatanaka.length > 0) {
      throw new BasestationFileError(
        `${hatanaka[0]!.name} is Hatanaka-compressed RINEX, which is not read; decompress it (crx2rnx) and upload the RINEX observation file`,
      );
    }
    throw new BasestationFileError(
      'The zip holds no RINEX observation file (.YYo, .obs or .rnx, optionally gzipped)',
    );
  }
  const header = primary.header;
  return {
    files,
    markerName: header.markerName,
    position: header.approxPosition!,
    antennaHeight: header.antennaDelta?.height ?? null,
    intervalSeconds: header.intervalSeconds ?? primary.shortestStep,
    rinexVersion: header.versionText,
    first,
    last,
    epochCount,
  };
}
