import { parseArgs } from 'node:util';
import { LocalAccountDirectory } from '../identity/accounts/local-account-directory.ts';
import { createFirstAdmin, FirstAdminError } from '../modules/users/first-admin.ts';
import { configOrExit, openMigratedDatabase } from './boot.ts';

/**
 * `npm run create-admin -- --organization "LuxGear Systems" --username admin --email … --name …`:
 * the first administrator of a portal started without demo data (docs/deployment.md). Uses the
 * same settings as the web process, so it reaches the same database.
 */
const USAGE =
  'Usage: npm run create-admin -- --organization <name starting with Lux> --username <username> --email <e-mail> --name <full name>';

const { values } = parseArgs({
  options: {
    organization: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
  },
});
const { organization, username, email, name } = values;
if (!organization || !username || !email || !name) {
  console.error(USAGE);
  process.exit(2);
}

const config = configOrExit();
const db = await openMigratedDatabase(config);
try {
  const builtin = config.identity.kind === 'builtin';
  const result = await createFirstAdmin(
    db,
    builtin ? (trx) => new LocalAccountDirectory(trx, config.publicUrl) : null,
    { organization, username, email, name },
  );
  console.log(
    `Administrator ${username} created in ${organization}${result.organizationCreated ? ' (new organization)' : ''}.`,
  );
  console.log(
    result.invitationUrl
      ? `Open this link to set the password (valid for 7 days, once): ${result.invitationUrl}`
      : `Sign in through ${config.identity.kind === 'external' ? config.identity.issuer : 'the identity provider'} with the username ${username}: the first sign-in links the account.`,
  );
} catch (error) {
  if (!(error instanceof FirstAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
