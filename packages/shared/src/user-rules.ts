/** Texts of the Users screen that the spec leaves open; one place for browser and tests. */

export const USER_CREATE_TITLE = 'New User';
export const USER_EDIT_TITLE = 'Edit User';
export const USER_INVITE_LABEL = 'Invite User';

export const USER_INVITED = (email: string): string => `Invitation sent to ${email}`;
/** The invitation was made but not mailed (no mail server): its link is to be passed on. */
export const USER_INVITATION_CREATED = (email: string): string => `Invitation created for ${email}`;
export const USER_UPDATED = (name: string): string => `User '${name}' updated`;
export const USER_DELETED = (name: string): string => `User '${name}' deleted`;

/** Shown with the link when no mail server is configured (the e-mail went to the outbox). */
export const INVITATION_OUTBOX_NOTE =
  'No mail server is configured: the e-mail was saved in the server outbox and not delivered. Send this link to the user; it works once and is valid for 7 days.';
/** Shown with the link when the mail server refused the message. */
export const INVITATION_FAILED_NOTE =
  'The invitation e-mail could not be sent. Send this link to the user; it works once and is valid for 7 days.';
