import { createHash, generateKeyPairSync } from 'node:crypto';
import type { JWK } from 'jose';
import { getOrCreateSecret, randomSecret } from '../../config/secrets.ts';

export interface ProviderKeys {
  /** Private signing keys for the provider (JWKS with private parts). */
  signing: { keys: JWK[] };
  /** The same keys without private parts, for verifying tokens locally. */
  verification: { keys: JWK[] };
  /** Keys for the provider's signed cookies (newest first). */
  cookieKeys: string[];
  /** Secret of the portal's own client at the built-in provider. */
  clientSecret: string;
}

function generateSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = createHash('sha256')
    .update(jwk.n ?? '')
    .digest('base64url')
    .slice(0, 16);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

const PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/**
 * The built-in provider's keys live in DATA_DIR/secrets.json so tokens and cookies survive
 * restarts and every process sharing the data folder signs with the same key.
 */
export function loadProviderKeys(dataDir: string): ProviderKeys {
  const signingKey = getOrCreateSecret(dataDir, 'oidcSigningKey', generateSigningKey);
  const cookieKeys = getOrCreateSecret(dataDir, 'oidcCookieKeys', () => [randomSecret()]);
  const clientSecret = getOrCreateSecret(dataDir, 'oidcClientSecret', randomSecret);
  const publicKey: JWK = { ...signingKey };
  for (const part of PRIVATE_PARTS) delete publicKey[part];
  return {
    signing: { keys: [signingKey] },
    verification: { keys: [publicKey] },
    cookieKeys,
    clientSecret,
  };
}
