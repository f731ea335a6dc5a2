import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, PHONE_INVALID, VALUE_REQUIRED } from '../messages.ts';
import { fieldMessages } from './form-messages.test-support.ts';
import { editUserFormSchema, newUserFormSchema } from './user-forms.ts';

const filled = {
  name: 'Jane Doe',
  username: 'jdoe',
  email: 'jane@example.com',
  phone: '',
  organizationId: '3',
};

describe('New User form', () => {
  it('words each broken field with the spec text', () => {
    expect(
      fieldMessages(newUserFormSchema, {
        name: ' ',
        username: '',
        email: '',
        phone: '12',
        organizationId: '',
      }),
    ).toEqual({
      name: VALUE_REQUIRED,
      username: VALUE_REQUIRED,
      email: VALUE_REQUIRED,
      phone: PHONE_INVALID,
      organizationId: VALUE_REQUIRED,
    });
    expect(fieldMessages(newUserFormSchema, { ...filled, email: 'a@b' })).toEqual({
      email: EMAIL_INVALID,
    });
  });

  it('sends trimmed text, a blank phone as null and the organization as its id', () => {
    expect(
      newUserFormSchema.parse({ ...filled, name: ' Jane Doe ', phone: ' +1 604.555.0100 ' }),
    ).toEqual({ ...filled, phone: '+1 604.555.0100', organizationId: 3 });
    expect(newUserFormSchema.parse(filled).phone).toBeNull();
  });
});

describe('Edit User form', () => {
  const user = { ...filled, userType: 'Standard', enabled: true };

  it('leaves the permanent username and e-mail alone', () => {
    expect(fieldMessages(editUserFormSchema, { ...user, email: 'legacy address' })).toEqual({});
  });

  it('checks the editable fields like New User does', () => {
    expect(fieldMessages(editUserFormSchema, { ...user, name: '', phone: 'x' })).toEqual({
      name: VALUE_REQUIRED,
      phone: PHONE_INVALID,
    });
  });
});
