import proj4 from 'proj4';

/** Texts of the Projects screen that the spec leaves to the product (spec §2 Projects, §8). */

export const PROJECT_CREATE_TITLE = 'New Project';
export const PROJECT_EDIT_TITLE = 'Edit Project';
export const PROJECT_CREATED = 'Project created';
export const PROJECT_UPDATED = 'Project updated';
export const PROJECT_DELETED = 'Project deleted';
/** The From column of a project without device assignments. */
export const NO_DEVICE_ASSIGNMENT = 'no device assignment';
/** Why a save did nothing: the UTM does not end in N or S (spec §5). */
export const PROJECT_UTM_INVALID = 'UTM must be a zone number followed by N or S, e.g. 10N';
export const PROJECTION_INVALID = (projection: string): string =>
  `Projection is not a valid proj4 definition: '${projection}'`;

/**
 * The projection rule, for the form and the server alike: a proj4 definition must parse, and
 * its own origin must project to finite numbers (this catches definitions that parse but lack a
 * usable parameter, e.g. a UTM zone). Blank means no projection and is fine. The message, or null.
 */
export function projectionError(projection: string): string | null {
  const text = projection.trim();
  if (text === '') return null;
  let valid = false;
  try {
    const definition = proj4.Proj(text) as { long0?: number; lat0?: number };
    const [x, y] = proj4(text).forward([toDegrees(definition.long0), toDegrees(definition.lat0)]);
    valid = Number.isFinite(x) && Number.isFinite(y);
  } catch {
    valid = false;
  }
  return valid ? null : PROJECTION_INVALID(text);
}

// An absent origin is 0; a NaN one (e.g. an unparsable zone) stays NaN and fails the check.
const toDegrees = (radians: number | undefined) =>
  radians === undefined ? 0 : (radians * 180) / Math.PI;
