import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a named secret from DATA_DIR/secrets.json, generating and saving it on first use, so the
 * embedded default needs no setup and keeps sessions and signing keys across restarts.
 */
export function getOrCreateSecret<T>(dataDir: string, name: string, generate: () => T): T {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets: Record<string, unknown> = fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, 'utf8'))
    : {};
  if (secrets[name] === undefined) {
    secrets[name] = generate();
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name] as T;
}

export const randomSecret = () => randomBytes(32).toString('base64url');
