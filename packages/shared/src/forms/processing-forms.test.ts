import { describe, expect, it } from 'vitest';
import { VALUE_REQUIRED } from '../messages.ts';
import { PUBLISH_FOLDER_INVALID } from '../publishing-inputs.ts';
import { VERSION_NAME_INVALID } from '../scan-processing-inputs.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import {
  postProcessingFormSchema,
  publishFormSchema,
  validatePublishFolder,
} from './processing-forms.ts';

describe('the publish folder', () => {
  it('is required', () => {
    expect(validatePublishFolder('')).toBe(VALUE_REQUIRED);
    expect(validatePublishFolder('  ')).toBe(VALUE_REQUIRED);
    expect(validatePublishFolder(undefined)).toBe(VALUE_REQUIRED);
  });

  it('is a relative path without .. (the rule the server applies)', () => {
    expect(validatePublishFolder('deliveries/2024-04')).toBeNull();
    expect(validatePublishFolder('/deliveries/')).toBeNull();
    expect(validatePublishFolder('a/../b')).toBe(PUBLISH_FOLDER_INVALID);
    expect(validatePublishFolder('..')).toBe(PUBLISH_FOLDER_INVALID);
    expect(validatePublishFolder('a\\b')).toBe(PUBLISH_FOLDER_INVALID);
  });
});

describe('publish form', () => {
  it('requires a bucket and a valid folder', () => {
    const values = { bucketId: '', folder: '..', includeImages: true, transform: true };
    expect(fieldMessages(publishFormSchema, values)).toEqual({
      bucketId: VALUE_REQUIRED,
      folder: PUBLISH_FOLDER_INVALID,
    });
    expect(fieldMessages(publishFormSchema, { ...values, bucketId: '2', folder: 'out' })).toEqual(
      {},
    );
  });
});

describe('post-processing form', () => {
  const values = { pipelineId: '4', versionName: 'v2', advanced: false, pipelineText: '' };

  it('requires a pipeline and a version name that is safe as a folder', () => {
    expect(fieldMessages(postProcessingFormSchema, values)).toEqual({});
    expect(
      fieldMessages(postProcessingFormSchema, { ...values, pipelineId: '', versionName: '' }),
    ).toEqual({ pipelineId: VALUE_REQUIRED, versionName: VALUE_REQUIRED });
    expect(fieldMessages(postProcessingFormSchema, { ...values, versionName: 'a b' })).toEqual({
      versionName: VERSION_NAME_INVALID,
    });
  });

  it('needs the edited pipeline text only in Advanced mode', () => {
    expect(fieldMessages(postProcessingFormSchema, { ...values, advanced: true })).toEqual({
      pipelineText: VALUE_REQUIRED,
    });
    expect(
      fieldMessages(postProcessingFormSchema, { ...values, pipelineId: '', advanced: true }),
    ).toEqual({ pipelineId: VALUE_REQUIRED, pipelineText: VALUE_REQUIRED });
  });
});
