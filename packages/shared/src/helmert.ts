/**
 * Time-dependent (14-parameter) Helmert transformation parameters stored on a project as a
 * JSON string (spec §3).
 *
 * Units: translations Dx, Dy, Dz in metres; rotations Rx, Ry, Rz in milliarcseconds; scale M in
 * parts per billion; the d_ values are the yearly rates of each (m/y, mas/y, ppb/y);
 * reference_year is the reference epoch in decimal years.
 */
import { z } from 'zod';
import { HELMERT_INVALID } from './messages.ts';

export const HELMERT_NUMBER_KEYS = [
  'Dx',
  'Dy',
  'Dz',
  'Rx',
  'Ry',
  'Rz',
  'M',
  'd_Dx',
  'd_Dy',
  'd_Dz',
  'd_Rx',
  'd_Ry',
  'd_Rz',
  'd_M',
  'reference_year',
] as const;

export type HelmertNumberKey = (typeof HELMERT_NUMBER_KEYS)[number];

export type HelmertParameters = { name: string } & Record<HelmertNumberKey, number>;

/** Labels of the project dialog's Helmert fields, in form order (spec §2 Projects). */
export const HELMERT_FORM_FIELDS: readonly {
  key: keyof HelmertParameters;
  label: string;
  /** Shown after the value: the unit the transform reads it in. */
  unit?: string;
}[] = [
  { key: 'name', label: 'reference name' },
  { key: 'Dx', label: 'x', unit: 'm' },
  { key: 'Dy', label: 'y', unit: 'm' },
  { key: 'Dz', label: 'z', unit: 'm' },
  { key: 'M', label: 's', unit: 'ppb' },
  { key: 'd_Dx', label: 'dx', unit: 'm/y' },
  { key: 'd_Dy', label: 'dy', unit: 'm/y' },
  { key: 'd_Dz', label: 'dz', unit: 'm/y' },
  { key: 'd_M', label: 'ds', unit: 'ppb/y' },
  { key: 'Rx', label: 'rx', unit: 'mas' },
  { key: 'Ry', label: 'ry', unit: 'mas' },
  { key: 'Rz', label: 'rz', unit: 'mas' },
  { key: 'reference_year', label: 'reference epoch', unit: 'year' },
  { key: 'd_Rx', label: 'drx', unit: 'mas/y' },
  { key: 'd_Ry', label: 'dry', unit: 'mas/y' },
  { key: 'd_Rz', label: 'drz', unit: 'mas/y' },
];

/** Parameters with every number 0 and an empty name (the form's 'reset'). */
export function emptyHelmert(): HelmertParameters {
  const numbers = Object.fromEntries(HELMERT_NUMBER_KEYS.map((key) => [key, 0])) as Record<
    HelmertNumberKey,
    number
  >;
  return { name: '', ...numbers };
}

/**
 * The 'prefill example': ITRF2008 to NAD83(CSRS) as published by Natural Resources Canada
 * (Canadian Geodetic Survey) at reference epoch 2010.0. The same transformation is EPSG:8264
 * expressed at epoch 1997.0 (x 0.99343 m + 13 y × 0.00079 m/y = 1.00370 m, and so on), applied
 * with the position-vector rotation convention.
 */
export const HELMERT_EXAMPLE: Readonly<HelmertParameters> = Object.freeze({
  name: 'ITRF08 to NAD83(CSRS)',
  Dx: 1.0037,
  Dy: -1.91111,
  Dz: -0.54397,
  Rx: -26.78138,
  Ry: 0.42027,
  Rz: -10.93206,
  M: 0.38891,
  d_Dx: 0.00079,
  d_Dy: -0.0006,
  d_Dz: -0.00134,
  d_Rx: -0.06667,
  d_Ry: 0.75744,
  d_Rz: 0.05133,
  d_M: -0.10201,
  reference_year: 2010,
});

// Form fields hand over text; blank means 0, other text must be a finite number.
const helmertNumber = z
  .union([z.number(), z.string().trim(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return 0;
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: HELMERT_INVALID });
      return z.NEVER;
    }
    return number;
  });

/** Schema of the parameters object; missing numbers default to 0. */
export const helmertParametersSchema = z.object({
  name: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim()),
  ...(Object.fromEntries(HELMERT_NUMBER_KEYS.map((key) => [key, helmertNumber])) as Record<
    HelmertNumberKey,
    typeof helmertNumber
  >),
});

/** True when every number is 0 and there is no name: such parameters mean "no transform". */
export function isEmptyHelmert(parameters: HelmertParameters): boolean {
  return parameters.name === '' && HELMERT_NUMBER_KEYS.every((key) => parameters[key] === 0);
}

/** Parses the stored JSON string; null for blank or invalid text. */
export function parseHelmertJson(text: string | null | undefined): HelmertParameters | null {
  if (!text || text.trim() === '') return null;
  try {
    const result = helmertParametersSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Schema of the project's helmertParameters field: blank or null stays null; otherwise the JSON
 * must hold the parameters, and the output is the normalized JSON string.
 */
export const helmertJsonSchema = z
  .string()
  .nullish()
  .transform((text, ctx) => {
    if (text === null || text === undefined || text.trim() === '') return null;
    const parameters = parseHelmertJson(text);
    if (!parameters) {
      ctx.addIssue({ code: 'custom', message: HELMERT_INVALID });
      return z.NEVER;
    }
    return JSON.stringify(parameters);
  });
