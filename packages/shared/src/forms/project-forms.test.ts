import { describe, expect, it } from 'vitest';
import { HELMERT_FORM_FIELDS } from '../helmert.ts';
import { VALUE_REQUIRED } from '../messages.ts';
import { PROJECT_UTM_INVALID } from '../project-rules.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import { HELMERT_NOT_A_NUMBER, helmertFieldError, projectFormSchema } from './project-forms.ts';

const blankHelmert = Object.fromEntries(HELMERT_FORM_FIELDS.map(({ key }) => [key, '']));
const values = {
  name: 'Bridge survey',
  organizationId: '',
  active: true,
  comments: '',
  utm: '10N',
  projection: '',
  geoidGridFile: null,
  helmert: blankHelmert,
  tagOptions: ['Ground'],
};

describe('project form', () => {
  it('passes a complete project, with the organization left to the server for Power Users', () => {
    expect(fieldMessages(projectFormSchema({ chooseOrganization: false }), values)).toEqual({});
  });

  it('requires name, organization (when chosen) and a UTM zone ending in N or S', () => {
    const schema = projectFormSchema({ chooseOrganization: true });
    expect(fieldMessages(schema, { ...values, name: '  ', utm: '' })).toEqual({
      name: VALUE_REQUIRED,
      organizationId: VALUE_REQUIRED,
      utm: VALUE_REQUIRED,
    });
    expect(fieldMessages(schema, { ...values, organizationId: '2', utm: '10X' })).toEqual({
      utm: PROJECT_UTM_INVALID,
    });
  });

  it('takes blank or numeric Helmert values and names the field that is not a number', () => {
    expect(helmertFieldError('1.5')).toBeNull();
    expect(helmertFieldError(' ')).toBeNull();
    expect(helmertFieldError('east')).toBe(HELMERT_NOT_A_NUMBER);
    const schema = projectFormSchema({ chooseOrganization: false });
    expect(
      fieldMessages(schema, { ...values, helmert: { ...blankHelmert, name: 'east', Dx: 'east' } }),
    ).toEqual({ 'helmert.Dx': 'Must be a number' });
  });

  it('refuses a projection proj4 cannot use', () => {
    const schema = projectFormSchema({ chooseOrganization: false });
    expect(Object.keys(fieldMessages(schema, { ...values, projection: '+proj=nonsense' }))).toEqual(
      ['projection'],
    );
  });
});
