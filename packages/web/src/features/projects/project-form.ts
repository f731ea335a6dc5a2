import {
  DEFAULT_CLASSIFIERS,
  DEFAULT_TAG_OPTIONS,
  HELMERT_EXAMPLE,
  HELMERT_FORM_FIELDS,
  type HelmertParameters,
  helmertParametersSchema,
  isEmptyHelmert,
  normalizeUtm,
  parseHelmertJson,
  parseUtm,
} from '@asset-portal/shared';
import type { ProjectItem, ProjectVariables } from './use-project-admin.ts';

export type HelmertFormValues = Record<keyof HelmertParameters, string>;

/** The dialog's fields; numbers stay text while the user types. */
export interface ProjectFormValues {
  name: string;
  organizationId: string;
  active: boolean;
  comments: string;
  utm: string;
  projection: string;
  geoidGridFile: string | null;
  helmert: HelmertFormValues;
  tagOptions: string[];
}

/** Helmert parameters as form text: an empty name and blank numbers for 'reset'. */
export function helmertToForm(parameters: HelmertParameters | null): HelmertFormValues {
  return Object.fromEntries(
    HELMERT_FORM_FIELDS.map(({ key }) => {
      const value = parameters?.[key];
      return [key, value === undefined || value === null ? '' : String(value)];
    }),
  ) as HelmertFormValues;
}

export const HELMERT_EXAMPLE_FORM = helmertToForm(HELMERT_EXAMPLE);
export const HELMERT_EMPTY_FORM = helmertToForm(null);

export function initialProjectValues(
  project: ProjectItem | null,
  defaultOrganizationId: string,
): ProjectFormValues {
  return {
    name: project?.name ?? '',
    organizationId: project?.organization.id ?? defaultOrganizationId,
    active: project?.active ?? true,
    comments: project?.comments ?? '',
    utm: project?.utm ?? '',
    projection: project?.projection ?? '',
    geoidGridFile: project?.geoidGridFile ?? null,
    helmert: helmertToForm(parseHelmertJson(project?.helmertParameters)),
    tagOptions: project ? [...project.tagOptions] : [...DEFAULT_TAG_OPTIONS],
  };
}

/** The Helmert JSON to send: null when every field is blank or 0 (no transform). */
export function helmertJson(form: HelmertFormValues): string | null {
  const parsed = helmertParametersSchema.safeParse(form);
  if (!parsed.success) return null;
  return isEmptyHelmert(parsed.data) ? null : JSON.stringify(parsed.data);
}

/** What create and update send, apart from utm (plain on create, wrapped on update). */
export function toProjectVariables(
  values: ProjectFormValues,
  organizationId: string | null,
): ProjectVariables {
  const trimmed = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: values.name.trim(),
    comments: trimmed(values.comments),
    active: values.active,
    organizationId,
    tagOptions: values.tagOptions,
    projection: trimmed(values.projection),
    helmertParameters: helmertJson(values.helmert),
    geoidGridFile: values.geoidGridFile,
    classifiers: DEFAULT_CLASSIFIERS,
  };
}

/**
 * An example projection for the project's own UTM zone (WGS 84 / UTM), so the hint does not
 * suggest another zone; the zone 10 example when the UTM is not set.
 */
export function projectionPlaceholder(utm: string): string {
  const parsed = parseUtm(normalizeUtm(utm) ?? '');
  const zone = parsed ? `${parsed.zone}${parsed.south ? ' +south' : ''}` : '10';
  return `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`;
}
