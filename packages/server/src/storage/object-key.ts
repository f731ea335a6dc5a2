/** What an object is; the third segment of its key. */
export type ObjectKind = 'packages' | 'artifacts' | 'images' | 'logs' | 'exports' | (string & {});

const SAFE_NAME = /^[A-Za-z0-9._\-/]+$/;
const SAFE_ID = /^[A-Za-z0-9_-]+$/;

export class InvalidObjectKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidObjectKeyError';
  }
}

/**
 * The only way keys are made: `org-<id>/project-<id|none>/<kind>/<name>`. Services presign only
 * keys built here for the caller's organization, so a URL cannot reach another organization's
 * objects, and a name cannot climb out of its folder.
 */
export function objectKey(parts: {
  organizationId: string | number;
  projectId?: string | number | null;
  kind: ObjectKind;
  name: string;
}): string {
  const organization = checkId(String(parts.organizationId), 'organization id');
  const project =
    parts.projectId === undefined || parts.projectId === null
      ? 'none'
      : checkId(String(parts.projectId), 'project id');
  const kind = checkId(parts.kind, 'kind');
  return `org-${organization}/project-${project}/${kind}/${sanitizeObjectName(parts.name)}`;
}

/** The key prefix holding every object of one organization. */
export function organizationPrefix(organizationId: string | number): string {
  return `org-${checkId(String(organizationId), 'organization id')}/`;
}

/**
 * Refuses (never silently rewrites) names that could escape: `..` or `.` segments, leading
 * slashes, backslashes, empty segments, and any character outside [A-Za-z0-9._-/].
 */
export function sanitizeObjectName(name: string): string {
  if (name.length === 0 || name.length > 512) {
    throw new InvalidObjectKeyError('object name must be 1-512 characters');
  }
  if (name.includes('\\')) throw new InvalidObjectKeyError('object name contains a backslash');
  if (name.startsWith('/')) throw new InvalidObjectKeyError('object name starts with /');
  if (!SAFE_NAME.test(name)) {
    throw new InvalidObjectKeyError('object name may contain only A-Z a-z 0-9 . _ - /');
  }
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidObjectKeyError(`object name has an invalid segment '${segment}'`);
    }
  }
  return name;
}

/** True when `key` is one `objectKey` could have built (used on keys coming back from storage). */
export function isScopedKey(key: string, organizationId: string | number): boolean {
  if (!key.startsWith(organizationPrefix(organizationId))) return false;
  const [, project, kind, ...rest] = key.split('/');
  if (!project?.startsWith('project-') || !kind || rest.length === 0) return false;
  try {
    sanitizeObjectName(rest.join('/'));
    return true;
  } catch {
    return false;
  }
}

function checkId(value: string, what: string): string {
  if (!SAFE_ID.test(value) || value.length > 64) {
    throw new InvalidObjectKeyError(`invalid ${what}: ${JSON.stringify(value)}`);
  }
  return value;
}
