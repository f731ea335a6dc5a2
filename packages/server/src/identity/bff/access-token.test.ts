import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { externalAccessTokenVerifier } from './access-token.ts';
import { safeRedirectPath } from './login-state.ts';

const ISSUER = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc';

describe('external access tokens (Cognito style)', async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const verify = externalAccessTokenVerifier({
    jwksUri: `${ISSUER}/.well-known/jwks.json`,
    issuer: ISSUER,
    clientId: 'client-1',
    keys: createLocalJWKSet({ keys: [jwk] }),
  });
  const sign = (claims: Record<string, unknown>, issuer = ISSUER) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setSubject('sub-1')
      .setExpirationTime('5m')
      .sign(privateKey);

  it('accepts an access token whose client_id is ours', async () => {
    expect(await verify(await sign({ client_id: 'client-1', token_use: 'access' }))).toBe('sub-1');
    expect(await verify(await sign({ aud: 'client-1' }))).toBe('sub-1');
  });

  it('rejects other clients, ID tokens and other issuers', async () => {
    expect(await verify(await sign({ client_id: 'client-2', token_use: 'access' }))).toBeNull();
    expect(await verify(await sign({ aud: 'client-1', token_use: 'id' }))).toBeNull();
    expect(await verify(await sign({ client_id: 'client-1' }, 'https://other.example'))).toBeNull();
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths and replaces everything else with /', () => {
    expect(safeRedirectPath('/projects?x=1#y')).toBe('/projects?x=1#y');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'x',
      '',
      undefined,
      ['/a'],
    ]) {
      expect(safeRedirectPath(bad)).toBe('/');
    }
  });

  it('percent-encodes characters a Location header cannot hold', () => {
    expect(safeRedirectPath('/viewer?q=Zürich')).toBe('/viewer?q=Z%C3%BCrich');
    expect(safeRedirectPath('/東京')).toBe('/%E6%9D%B1%E4%BA%AC');
    expect(safeRedirectPath('/a\uD800b')).toBe('/');
  });
});
