import type { Viewer } from '../graphql/context.ts';

/**
 * Package uploads: every signed-in user (any role) whose organization owns at least one device
 * may upload, since packages come from the organization's devices. Uploads belong to the
 * uploader's organization, Admins included: an upload id of another organization is answered
 * as a missing one, and its objects are keyed under that other organization anyway.
 */
export const packageUploadPolicy = {
  canUpload: (_viewer: Viewer, organizationDeviceCount: number) => organizationDeviceCount > 0,
  /** The organization every key and upload id of the caller is scoped to. */
  uploadOrganization: (viewer: Viewer): number => viewer.user.organizationId,
  ownsUpload: (viewer: Viewer, upload: { organizationId: number }) =>
    upload.organizationId === viewer.user.organizationId,
};
