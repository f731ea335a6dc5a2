import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { AccessTokenVerifier } from './authenticate.ts';

/** The sign-in side of the app: routes for the OIDC flow and bearer-token checks. */
export interface Identity {
  register(app: FastifyInstance): Promise<void>;
  verifyAccessToken: AccessTokenVerifier;
  close(): Promise<void>;
}

/** Placeholder until the OIDC module lands: no sign-in routes, no bearer tokens accepted. */
export async function createIdentity(_deps: { config: AppConfig; db: Db }): Promise<Identity> {
  return {
    register: async () => {},
    verifyAccessToken: async () => null,
    close: async () => {},
  };
}
