import { describe, expect, it } from 'vitest';
import {
  deriveUsername,
  isValidJson,
  isValidUtmZone,
  normalizeUtm,
  utmEndsWithHemisphere,
  validateBasestationFile,
  validateEmail,
  validateImportedScanFile,
  validatePackageFiles,
  validatePhone,
  validatePipelineDescription,
  validatePipelineJson,
  validateRequired,
} from './validation.ts';

describe('email and phone', () => {
  it('accepts standard e-mail addresses', () => {
    expect(validateEmail('jane.doe+x@example.co.uk')).toBeNull();
    expect(validateEmail('jane@example')).toBe('E-mail is not valid');
    expect(validateEmail('jane doe@example.com')).toBe('E-mail is not valid');
    expect(validateEmail('')).toBe('Value is required');
  });

  it.each([
    '604-555-0123',
    '(604) 555 0123',
    '+1 604.555.0123',
    '1-604-555-0123',
    '6045550123',
    '+16045550123',
  ])('accepts phone %s', (phone) => {
    expect(validatePhone(phone)).toBeNull();
  });

  it.each(['604-555-012', 'abc-def-ghij', '604-555-0123x', '+44 20 7946 0958', '604--555-0123'])(
    'rejects phone %s',
    (phone) => {
      expect(validatePhone(phone)).toBe('Phone number is not valid');
    },
  );

  it('treats an empty phone as absent', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone(null)).toBeNull();
  });
});

describe('deriveUsername', () => {
  it.each([
    ['Jane Doe', 'jdoe'],
    ['Cher', 'cher'],
    ["Mary-Ann O'Neil", 'moneil'],
    ['  Jane    Van Doe  ', 'jvan'],
    ['José Núñez', 'jnunez'],
    ['', ''],
    ['R2 D2', 'rd2'],
  ])('%s -> %s', (name, username) => {
    expect(deriveUsername(name)).toBe(username);
  });
});

describe('UTM', () => {
  it('checks the hemisphere suffix', () => {
    expect(utmEndsWithHemisphere('10N')).toBe(true);
    expect(utmEndsWithHemisphere('10s')).toBe(true);
    expect(utmEndsWithHemisphere('10')).toBe(false);
  });

  it('checks zone and hemisphere', () => {
    expect(isValidUtmZone('10N')).toBe(true);
    expect(isValidUtmZone('09S')).toBe(true);
    expect(isValidUtmZone('60n')).toBe(true);
    expect(isValidUtmZone('61N')).toBe(false);
    expect(isValidUtmZone('00N')).toBe(false);
    expect(isValidUtmZone('ABN')).toBe(false);
  });

  it('reads every stored form', () => {
    expect(normalizeUtm(' 10n ')).toBe('10N');
    expect(normalizeUtm('{"utm":"11S"}')).toBe('11S');
    expect(normalizeUtm({ utm: '12N' })).toBe('12N');
    expect(normalizeUtm('')).toBeNull();
    expect(normalizeUtm(null)).toBeNull();
  });
});

describe('pipelines', () => {
  it('limits the description to 200 characters', () => {
    expect(validatePipelineDescription('x'.repeat(200))).toBeNull();
    expect(validatePipelineDescription('x'.repeat(201))).toMatch(/200/);
    expect(validatePipelineDescription(' ')).toBe('Value is required');
  });

  it('requires valid JSON', () => {
    expect(validatePipelineJson('[{"type":"readers.las"}]')).toBeNull();
    expect(validatePipelineJson('{')).toBe('Pipeline must be valid JSON');
    expect(validatePipelineJson('')).toBe('Value is required');
    expect(isValidJson(undefined)).toBe(false);
  });

  it('flags required values', () => {
    expect(validateRequired('')).toBe('Value is required');
    expect(validateRequired([])).toBe('Value is required');
    expect(validateRequired(0)).toBeNull();
  });
});

describe('files', () => {
  it('reports the first package rule that fails', () => {
    expect(validatePackageFiles([])).toBe('Files to upload cannot be empty');
    expect(validatePackageFiles(null)).toBe('Files to upload cannot be empty');
    expect(
      validatePackageFiles([
        { name: 'a.luxlz', size: 0 },
        { name: 'b.zip', size: 10 },
      ]),
    ).toBe('All files must be valid packages from the LuxGear device (.luxlz or .luxiz)');
    expect(validatePackageFiles([{ name: 'a.luxiz', size: 0 }])).toBe('Files cannot be empty');
    expect(
      validatePackageFiles([
        { name: 'a.luxlz', size: 1 },
        { name: 'B.LUXIZ', size: 2 },
      ]),
    ).toBeNull();
  });

  it('checks base-station files', () => {
    expect(validateBasestationFile(null)).toBe('Value is required');
    expect(validateBasestationFile({ name: 'base 1.zip', size: 5 })).toBe(
      'Filename cannot have spaces',
    );
    expect(validateBasestationFile({ name: 'base.rnx', size: 5 })).not.toBeNull();
    expect(validateBasestationFile({ name: 'base.zip', size: 0 })).toBe(
      'File size cannot be empty',
    );
    expect(validateBasestationFile({ name: 'base.zip', size: 5 })).toBeNull();
  });

  it('checks imported scan files', () => {
    expect(validateImportedScanFile({ name: 'scan.laz', size: 5 })).toBe(
      'files type must be LAS with a .las extension',
    );
    expect(validateImportedScanFile({ name: 'scan.las', size: 0 })).toBe(
      'File size cannot be empty',
    );
    expect(validateImportedScanFile({ name: 'scan.LAS', size: 5 })).toBeNull();
  });
});
