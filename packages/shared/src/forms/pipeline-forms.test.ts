import { describe, expect, it } from 'vitest';
import { PIPELINE_DESCRIPTION_MAX } from '../constants.ts';
import {
  PIPELINE_DESCRIPTION_TOO_LONG,
  PIPELINE_INVALID_JSON,
  VALUE_REQUIRED,
} from '../messages.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import { pipelineFormSchema } from './pipeline-forms.ts';

const values = {
  name: 'Ground only',
  dependencies: [],
  description: 'Keeps ground points',
  global: false,
  pipeline: '[]',
};

describe('pipeline form', () => {
  it('passes a named, described pipeline with valid JSON', () => {
    expect(fieldMessages(pipelineFormSchema, values)).toEqual({});
  });

  it('words each broken field with the spec text', () => {
    expect(
      fieldMessages(pipelineFormSchema, { ...values, name: ' ', description: '', pipeline: '' }),
    ).toEqual({ name: VALUE_REQUIRED, description: VALUE_REQUIRED, pipeline: VALUE_REQUIRED });
    expect(
      fieldMessages(pipelineFormSchema, {
        ...values,
        description: 'x'.repeat(PIPELINE_DESCRIPTION_MAX + 1),
        pipeline: '[',
      }),
    ).toEqual({ description: PIPELINE_DESCRIPTION_TOO_LONG, pipeline: PIPELINE_INVALID_JSON });
  });

  it('counts the description without its surrounding spaces', () => {
    const description = ` ${'x'.repeat(PIPELINE_DESCRIPTION_MAX)} `;
    expect(fieldMessages(pipelineFormSchema, { ...values, description })).toEqual({});
  });
});
