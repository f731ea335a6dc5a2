import { randomBytes } from 'node:crypto';
import { packageKey } from '../src/modules/package-uploads/package-upload-rules.ts';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase, CaseContext } from './authorization-cases.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });
/** Every signed-in user of an organization with devices (the fixture's have one). */
const uploaders = { Admin: all('allow'), 'Power User': all('allow'), Standard: all('allow') };
/** Uploads belong to the uploader's organization, for Admins too. */
const ownUploadsOnly = {
  Admin: { own: 'allow', other: 'deny' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const;

const FILENAME = 'matrix.luxlz';

/** A multipart upload bookkept for the aimed organization (the store has no such upload). */
async function uploadIn(
  { db, aimed }: CaseContext,
  status: 'uploading' | 'completed' = 'uploading',
) {
  const uploadId = randomBytes(16).toString('hex');
  await db
    .insertInto('packageUploads')
    .values({
      organizationId: aimed.organizationId,
      userId: aimed.users.Standard.id,
      filename: FILENAME,
      key: packageKey(aimed.organizationId, FILENAME),
      uploadId,
      size: 1,
      numberOfParts: 1,
      status,
    })
    .execute();
  return { filename: FILENAME, uploadId };
}

export const packageUploadCases: Record<string, AuthorizationCase> = {
  getPackageUploadSignedURL: {
    document: 'query{ getPackageUploadSignedURL(filename:"a.luxlz", size:1){ uploadUrl } }',
    expect: uploaders,
  },
  getPackageUploadMultipartInfo: {
    document:
      'query{ getPackageUploadMultipartInfo(filename:"a.luxlz", numberOfParts:2, size:9437184){ uploadId } }',
    expect: uploaders,
  },
  getExistingPackageUploads: {
    document: 'query{ getExistingPackageUploads(filenamesCsv:"a.luxlz"){ filename } }',
    expect: uploaders,
  },
  confirmPackageUpload: {
    document: 'mutation{ confirmPackageUpload(filename:"never-sent.luxlz") }',
    // Nothing was uploaded: passing the access check shows as 'has not been uploaded'.
    judge: (result) =>
      result.errors?.[0]?.message === 'The package never-sent.luxlz has not been uploaded'
        ? 'allow'
        : 'deny',
    expect: uploaders,
  },
  getPackageUploadPartUrls: {
    document: `query($filename:String!, $uploadId:String!){
      getPackageUploadPartUrls(filename:$filename, uploadId:$uploadId, partNumbers:[1]){ signedUrl }
    }`,
    variables: (ctx) => uploadIn(ctx),
    expect: ownUploadsOnly,
  },
  getPackageUploadParts: {
    document: `query($filename:String!, $uploadId:String!){
      getPackageUploadParts(filename:$filename, uploadId:$uploadId){ partNumber }
    }`,
    variables: (ctx) => uploadIn(ctx),
    // The bookkept upload is not in the store: an owner learns it is gone, others 'Not found'.
    judge: (result) =>
      result.errors?.[0]?.message === 'This upload no longer exists on the server; start it again'
        ? 'allow'
        : 'deny',
    expect: ownUploadsOnly,
  },
  completePackageUploadMultipart: {
    document: `mutation($filename:String!, $uploadId:String!){
      completePackageUploadMultipart(filename:$filename, uploadId:$uploadId, eTags:"abc")
    }`,
    // An already completed upload answers true again without touching the store.
    variables: (ctx) => uploadIn(ctx, 'completed'),
    expect: ownUploadsOnly,
  },
  abortPackageUpload: {
    document: `mutation($filename:String!, $uploadId:String!){
      abortPackageUpload(filename:$filename, uploadId:$uploadId)
    }`,
    variables: (ctx) => uploadIn(ctx),
    expect: ownUploadsOnly,
  },
};
