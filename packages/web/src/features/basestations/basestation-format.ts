import { CONFIRM_BASESTATION_DELETION, countOf, formatSize } from '@asset-portal/shared';
import { formatPoint, formatQuantity } from '../trajectory/trajectory-format.ts';

export interface BasestationFacts {
  markerName?: string | null;
  rinexVersion?: string | null;
  files?: readonly { name: string; kind: string; rinexVersion: string; size: number }[];
  interval?: number | null;
  antennaHeight?: number | null;
  point?: { coordinates: readonly number[] } | null;
  height?: number | null;
}

/** 'lat, lon (MARKER)' of a base station, or '' before its header has been read. */
export function formatLocation(
  point: { coordinates: readonly number[] } | null | undefined,
  markerName: string | null | undefined,
): string {
  const position = formatPoint(point?.coordinates);
  if (!position) return '';
  return markerName ? `${position} (${markerName})` : position;
}

/** The facts of a base station's RINEX header as label and value lines ('' when unknown). */
export function basestationFacts(
  basestation: BasestationFacts,
): { label: string; value: string }[] {
  const position = formatPoint(basestation.point?.coordinates);
  const height = formatQuantity(basestation.height, 'm');
  return [
    { label: 'Marker', value: basestation.markerName ?? '' },
    { label: 'RINEX version', value: basestation.rinexVersion ?? '' },
    {
      label: 'Files',
      value: (basestation.files ?? [])
        .map(
          (file) =>
            `${file.name} (${file.kind}, RINEX ${file.rinexVersion}, ${formatSize(file.size)})`,
        )
        .join('; '),
    },
    { label: 'Interval', value: formatQuantity(basestation.interval, 's', 1) },
    { label: 'Antenna height', value: formatQuantity(basestation.antennaHeight, 'm') },
    { label: 'Position', value: position && height ? `${position}, ${height}` : position },
  ];
}

/**
 * The spec's deletion question, and, when runs used the file, what becomes of them: they stay
 * listed with their results (they name the file by its id), its files are deleted.
 */
export function basestationDeletionMessage(filename: string, runCount: number): string {
  const question = CONFIRM_BASESTATION_DELETION(filename);
  if (runCount === 0) return question;
  return `${question} ${countOf(runCount, 'processing run')} used it: ${runCount === 1 ? 'it stays' : 'they stay'} listed with ${runCount === 1 ? 'its' : 'their'} results, which name it by its id.`;
}
