import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { AccountDirectory } from '../identity/accounts/account-directory.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { ObjectStorage } from '../storage/storage.ts';

/** The signed-in caller, as every policy sees it. */
export interface Viewer {
  user: UserRow;
  organizationName: string;
}

export interface RequestContext {
  db: Db;
  config: AppConfig;
  viewer: Viewer;
  /** The identity provider's accounts: invitations, session ends. */
  accounts: AccountDirectory;
  /** Outgoing e-mail (invitations). */
  mail: MailTransport;
  /** The object store (packages, artifacts, images); one instance for the whole app. */
  storage: ObjectStorage;
  /** Per-request memo for DataLoaders; use `loaderFor`. */
  loaders: Map<unknown, unknown>;
}

/** Returns this request's instance of a loader, creating it on first use. */
export function loaderFor<L>(ctx: RequestContext, factory: (db: Db) => L): L {
  let loader = ctx.loaders.get(factory) as L | undefined;
  if (!loader) {
    loader = factory(ctx.db);
    ctx.loaders.set(factory, loader);
  }
  return loader;
}

declare module 'mercurius' {
  // Resolvers receive the request context built in register.ts.
  interface MercuriusContext extends RequestContext {}
}
