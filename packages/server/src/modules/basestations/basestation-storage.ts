import type { BasestationFileRecord, BasestationRow } from '../../db/schema.ts';
import { objectKey } from '../../storage/object-key.ts';

/**
 * Where a base station's objects live: the uploaded zip at
 * `org-<org>/project-none/basestations/<filename>`, and each RINEX file read from it beside it
 * under `…/basestations/<id>/<name>`.
 */

export const BASESTATION_OBJECT_KIND = 'basestations';

/** The key of an uploaded zip (throws InvalidObjectKeyError for an unsafe name). */
export function basestationZipKey(organizationId: number, filename: string): string {
  return objectKey({ organizationId, kind: BASESTATION_OBJECT_KIND, name: filename });
}

/** The key of one RINEX file copied out of the base station's zip. */
export function basestationFileKey(
  organizationId: number,
  basestationId: number,
  name: string,
): string {
  return objectKey({
    organizationId,
    kind: BASESTATION_OBJECT_KIND,
    name: `${basestationId}/${name}`,
  });
}

/** The prefix of every RINEX file copied out of the base station's zip. */
export function basestationFilesPrefix(organizationId: number, basestationId: number): string {
  return `${objectKey({ organizationId, kind: BASESTATION_OBJECT_KIND, name: String(basestationId) })}/`;
}

/** A stored RINEX file of a base station, with the key to fetch it by. */
export interface BasestationRinexObject extends BasestationFileRecord {
  key: string;
}

/**
 * The observation and navigation files of a Ready base station, with their object keys (fetch
 * them with `storage.getStream(key)`; `.gz` names are gzipped, as uploaded).
 */
export function basestationRinexObjects(
  basestation: Pick<BasestationRow, 'id' | 'organizationId' | 'files'>,
): { observation: BasestationRinexObject[]; navigation: BasestationRinexObject[] } {
  const withKeys = basestation.files.map((file) => ({
    ...file,
    key: basestationFileKey(basestation.organizationId, basestation.id, file.name),
  }));
  return {
    observation: withKeys.filter((file) => file.kind === 'observation'),
    navigation: withKeys.filter((file) => file.kind === 'navigation'),
  };
}

/** The base station's position from its observation header (ECEF metres), null until Ready. */
export function basestationEcef(
  basestation: Pick<BasestationRow, 'ecef'>,
): { x: number; y: number; z: number } | null {
  const [x, y, z] = basestation.ecef ?? [];
  return x === undefined || y === undefined || z === undefined ? null : { x, y, z };
}
