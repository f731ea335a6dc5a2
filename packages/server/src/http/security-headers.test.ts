import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import {
  appContentSecurityPolicy,
  servableContentType,
  storageOrigins,
} from './security-headers.ts';

describe('servableContentType', () => {
  it('keeps allowed types and turns the rest into octet-stream', () => {
    expect(servableContentType('image/png')).toBe('image/png');
    expect(servableContentType('text/plain; charset=latin1')).toBe('text/plain; charset=utf-8');
    expect(servableContentType('text/html')).toBe('application/octet-stream');
    expect(servableContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(servableContentType('application/javascript')).toBe('application/octet-stream');
    expect(servableContentType(undefined)).toBe('application/octet-stream');
  });
});

describe('the app policy', () => {
  it('lets the browser reach an external store and nothing else outside the portal', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/unused',
      STORAGE_BUCKET: 'scans',
      STORAGE_ENDPOINT: 'https://minio.example:9000',
      STORAGE_FORCE_PATH_STYLE: 'true',
    });
    expect(storageOrigins(config)).toEqual(['https://minio.example:9000']);
    const policy = appContentSecurityPolicy(storageOrigins(config));
    expect(policy).toContain("connect-src 'self' data: blob: https://minio.example:9000");
    expect(policy).toContain("img-src 'self' data: blob: https://minio.example:9000");
    expect(policy).toContain("default-src 'self'");
  });

  it('names the AWS bucket origins when no endpoint is set', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/unused',
      STORAGE_BUCKET: 'scans',
      STORAGE_REGION: 'eu-west-1',
    });
    expect(storageOrigins(config)).toContain('https://scans.s3.eu-west-1.amazonaws.com');
  });
});
