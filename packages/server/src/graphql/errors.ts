import mercurius from 'mercurius';
import { NOT_FOUND_MESSAGE } from './messages.ts';

// mercurius is CommonJS: Node's ESM loader cannot see its named exports.
const { ErrorWithProps } = mercurius;

/** A missing id and another organization's id answer with this same error. */
export class NotFoundError extends ErrorWithProps {
  constructor(message = NOT_FOUND_MESSAGE) {
    super(message, { code: 'NOT_FOUND' });
  }
}

/** The caller's role may not run this operation. */
export class ForbiddenError extends ErrorWithProps {
  constructor(message = 'You are not allowed to do this.') {
    super(message, { code: 'FORBIDDEN' });
  }
}

/** Input broke a rule; the message is the spec's text, shown to the user as is. */
export class ValidationError extends ErrorWithProps {
  constructor(message: string) {
    super(message, { code: 'BAD_USER_INPUT' });
  }
}
