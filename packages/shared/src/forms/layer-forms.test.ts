import { describe, expect, it } from 'vitest';
import {
  FIELD_REQUIRED,
  GEOTIFF_TOO_SMALL,
  LAYER_FILE_TYPE_INVALID,
  LAYER_NAME_INVALID,
} from '../messages.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import { layerEditFormSchema, layerGroupFormSchema, layerUploadFormSchema } from './layer-forms.ts';

describe('layer upload form', () => {
  const schema = layerUploadFormSchema();
  const values = {
    file: { name: 'roads.geojson', size: 100 },
    name: 'Roads',
    comments: '',
    showByDefault: true,
    ignore: false,
    vendorId: '',
    geotiffMode: 'bounds',
  };

  it('passes a supported file with a valid name', () => {
    expect(fieldMessages(schema, values)).toEqual({});
  });

  it('words the file and name problems with the layer rules', () => {
    expect(fieldMessages(schema, { ...values, file: null, name: '' })).toEqual({
      file: FIELD_REQUIRED,
      name: FIELD_REQUIRED,
    });
    expect(
      fieldMessages(schema, { ...values, file: { name: 'roads.dwg', size: 100 }, name: 'R!' }),
    ).toEqual({ file: LAYER_FILE_TYPE_INVALID, name: LAYER_NAME_INVALID });
    expect(fieldMessages(schema, { ...values, file: { name: 'dem.tif', size: 10 } })).toEqual({
      file: GEOTIFF_TOO_SMALL,
    });
  });
});

describe('layer group form', () => {
  it('requires a name', () => {
    const values = { name: ' ', description: '', scope: 'project' };
    expect(fieldMessages(layerGroupFormSchema, values)).toEqual({ name: FIELD_REQUIRED });
    expect(fieldMessages(layerGroupFormSchema, { ...values, name: 'Utilities' })).toEqual({});
  });
});

describe('layer edit form', () => {
  const values = {
    name: 'Roads',
    comments: '',
    groupId: '',
    showByDefault: true,
    hidden: false,
    source: '{"type":"FeatureCollection","features":[]}',
    styles: '[]',
  };

  it('passes a named layer with a FeatureCollection and valid styles', () => {
    expect(fieldMessages(layerEditFormSchema({ checkSource: true }), values)).toEqual({});
  });

  it('names the field that stops the save', () => {
    const messages = fieldMessages(layerEditFormSchema({ checkSource: true }), {
      ...values,
      name: '',
      source: '{"type":"Point"}',
      styles: '{',
    });
    expect(messages.name).toBe(FIELD_REQUIRED);
    expect(Object.keys(messages).sort()).toEqual(['name', 'source', 'styles']);
  });

  it('keeps a source too large to edit as stored', () => {
    const schema = layerEditFormSchema({ checkSource: false });
    expect(fieldMessages(schema, { ...values, source: 'not parsed' })).toEqual({});
  });
});
