import { describe, expect, it } from 'vitest';
import {
  BASESTATION_FILE_NOT_ZIP,
  FILE_SIZE_EMPTY,
  FILENAME_HAS_SPACES,
  IMPORTED_SCAN_NOT_LAS,
  UTM_HINT,
  VALUE_REQUIRED,
} from '../messages.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import {
  annotationFormSchema,
  basestationUploadFormSchema,
  importedScanCreateFormSchema,
  importedScanEditFormSchema,
} from './scan-forms.ts';

const file = (name: string, size = 10) => ({ name, size });

describe('imported scan forms', () => {
  const edit = { friendlyName: 'Bridge', comment: '', utm: '42n' };

  it('requires a name and a UTM zone ending in N or S, the hint being the message', () => {
    expect(fieldMessages(importedScanEditFormSchema, edit)).toEqual({});
    expect(
      fieldMessages(importedScanEditFormSchema, { ...edit, friendlyName: ' ', utm: '' }),
    ).toEqual({ friendlyName: VALUE_REQUIRED, utm: VALUE_REQUIRED });
    expect(fieldMessages(importedScanEditFormSchema, { ...edit, utm: '42' })).toEqual({
      utm: UTM_HINT,
    });
    expect(fieldMessages(importedScanEditFormSchema, { ...edit, utm: '42X' })).toEqual({
      utm: UTM_HINT,
    });
  });

  it('stores the UTM zone uppercased', () => {
    expect(importedScanEditFormSchema.parse({ ...edit, utm: ' 42n ' }).utm).toBe('42N');
  });

  it('needs a non-empty .las file to create one', () => {
    const schema = importedScanCreateFormSchema();
    const create = { ...edit, captured: '', determineTrajectory: true };
    expect(fieldMessages(schema, { ...create, file: file('scan.las') })).toEqual({});
    expect(fieldMessages(schema, { ...create, file: null })).toEqual({ file: VALUE_REQUIRED });
    expect(fieldMessages(schema, { ...create, file: file('scan.laz') })).toEqual({
      file: IMPORTED_SCAN_NOT_LAS,
    });
    expect(fieldMessages(schema, { ...create, file: file('scan.las', 0) })).toEqual({
      file: FILE_SIZE_EMPTY,
    });
  });
});

describe('base-station upload form', () => {
  it('takes one non-empty zip whose name has no spaces', () => {
    const schema = basestationUploadFormSchema();
    expect(fieldMessages(schema, { file: file('base.zip') })).toEqual({});
    expect(fieldMessages(schema, { file: null })).toEqual({ file: VALUE_REQUIRED });
    expect(fieldMessages(schema, { file: file('base 1.zip') })).toEqual({
      file: FILENAME_HAS_SPACES,
    });
    expect(fieldMessages(schema, { file: file('base.rnx') })).toEqual({
      file: BASESTATION_FILE_NOT_ZIP,
    });
    expect(fieldMessages(schema, { file: file('base.zip', 0) })).toEqual({ file: FILE_SIZE_EMPTY });
  });
});

describe('annotation form', () => {
  it('requires a title and sends blank type and comment as null', () => {
    expect(fieldMessages(annotationFormSchema, { title: ' ', type: 'Note', comment: '' })).toEqual({
      title: VALUE_REQUIRED,
    });
    expect(annotationFormSchema.parse({ title: ' Culvert ', type: '', comment: ' ' })).toEqual({
      title: 'Culvert',
      type: null,
      comment: null,
    });
  });
});
