/**
 * What a screen that failed to show says. A page's code is loaded when the screen is first
 * opened; after the portal is updated on the server, a page that was opened before the update
 * asks for files the new version no longer has. That is not a fault of the screen: a reload
 * brings the new version.
 */
export interface RouteErrorText {
  title: string;
  message: string;
  /** The portal was updated: an informational notice, not an error. */
  updated: boolean;
}

export const PORTAL_UPDATED_TITLE = 'The portal has been updated';
export const PORTAL_UPDATED_MESSAGE =
  'This page was opened before the update. Reload the page to continue with the new version.';
export const SCREEN_FAILED_TITLE = 'This screen could not be shown';

// The messages browsers give when a module script cannot be fetched: Chromium, Firefox, Safari.
const MODULE_FETCH_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function routeErrorText(error: unknown): RouteErrorText {
  const detail = errorMessage(error);
  if (MODULE_FETCH_FAILED.test(detail)) {
    return { title: PORTAL_UPDATED_TITLE, message: PORTAL_UPDATED_MESSAGE, updated: true };
  }
  return {
    title: SCREEN_FAILED_TITLE,
    message: detail ? `${detail}. Reload the page to try again.` : 'Reload the page to try again.',
    updated: false,
  };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/\.$/, '');
  if (typeof error === 'object' && error !== null && 'statusText' in error) {
    return String((error as { statusText: unknown }).statusText);
  }
  return typeof error === 'string' ? error : '';
}
