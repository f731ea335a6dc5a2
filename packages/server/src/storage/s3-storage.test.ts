import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3ObjectStorage } from './s3-storage.ts';
import { abortStaleMultipartUploads } from './stale-multipart-sweeper.ts';

// s3rver does not implement ListMultipartUploads, so paging and the sweeper over S3 are checked
// against recorded S3 answers here.
describe('S3ObjectStorage multipart listing and the sweeper', () => {
  it('pages through the uploads and aborts those older than a day', async () => {
    const now = new Date('2026-05-02T12:00:00Z');
    const sent: unknown[] = [];
    const pages = [
      {
        IsTruncated: true,
        NextKeyMarker: 'b',
        NextUploadIdMarker: 'u2',
        Uploads: [
          { Key: 'a', UploadId: 'u1', Initiated: new Date('2026-04-30T00:00:00Z') },
          { Key: 'b', UploadId: 'u2', Initiated: new Date('2026-05-02T11:00:00Z') },
        ],
      },
      {
        IsTruncated: false,
        Uploads: [{ Key: 'c', UploadId: 'u3', Initiated: new Date('2026-05-01T11:59:00Z') }],
      },
    ];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof ListMultipartUploadsCommand) return pages.shift();
        return {};
      },
    } as unknown as S3Client;
    const storage = new S3ObjectStorage(client, 'bucket');
    expect(await abortStaleMultipartUploads(storage, undefined, now)).toEqual({ aborted: 2 });
    const lists = sent.filter((c) => c instanceof ListMultipartUploadsCommand);
    expect((lists[1] as ListMultipartUploadsCommand).input).toMatchObject({
      KeyMarker: 'b',
      UploadIdMarker: 'u2',
    });
    const aborts = sent
      .filter((c) => c instanceof AbortMultipartUploadCommand)
      .map((c) => (c as AbortMultipartUploadCommand).input);
    expect(aborts).toEqual([
      { Bucket: 'bucket', Key: 'a', UploadId: 'u1' },
      { Bucket: 'bucket', Key: 'c', UploadId: 'u3' },
    ]);
  });
});

describe('S3ObjectStorage.listParts', () => {
  it('pages through the stored parts and quotes their ETags', async () => {
    const inputs: unknown[] = [];
    const pages = [
      {
        IsTruncated: true,
        NextPartNumberMarker: '1',
        Parts: [{ PartNumber: 1, ETag: 'a', Size: 5 }],
      },
      { IsTruncated: false, Parts: [{ PartNumber: 2, ETag: '"b"', Size: 3 }] },
    ];
    const client = {
      send: async (command: unknown) => {
        if (command instanceof ListPartsCommand) inputs.push(command.input);
        return pages.shift();
      },
    } as unknown as S3Client;
    const parts = await new S3ObjectStorage(client, 'bucket').listParts('k', 'u');
    expect(parts).toEqual([
      { partNumber: 1, eTag: '"a"', size: 5 },
      { partNumber: 2, eTag: '"b"', size: 3 },
    ]);
    expect(inputs[1]).toMatchObject({ Key: 'k', UploadId: 'u', PartNumberMarker: '1' });
  });
});
