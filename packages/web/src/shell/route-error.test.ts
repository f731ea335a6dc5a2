import { describe, expect, it } from 'vitest';
import { PORTAL_UPDATED_MESSAGE, routeErrorText, SCREEN_FAILED_TITLE } from './route-error.ts';

describe('routeErrorText', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/UsersPage-BtVos85-.js',
    'error loading dynamically imported module: http://localhost/assets/UsersPage-BtVos85-.js',
    'Importing a module script failed.',
  ])('tells of an update when a page file is gone (%s)', (message) => {
    expect(routeErrorText(new TypeError(message))).toEqual({
      title: 'The portal has been updated',
      message: PORTAL_UPDATED_MESSAGE,
      updated: true,
    });
  });

  it('names any other failure and asks for a reload', () => {
    expect(routeErrorText(new Error('Cannot read properties of null (reading "id").'))).toEqual({
      title: SCREEN_FAILED_TITLE,
      message: 'Cannot read properties of null (reading "id"). Reload the page to try again.',
      updated: false,
    });
  });

  it('reads the status text of a route error response and copes with no message', () => {
    expect(routeErrorText({ status: 404, statusText: 'Not Found' }).message).toBe(
      'Not Found. Reload the page to try again.',
    );
    expect(routeErrorText(undefined).message).toBe('Reload the page to try again.');
  });
});
