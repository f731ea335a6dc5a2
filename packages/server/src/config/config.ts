import path from 'node:path';
import { z } from 'zod';
import { type ProjectMapSettings, readProjectMapConfig } from './map-project-config.ts';

/** Thrown when a setting is wrong; start-up prints its message and stops. */
export class ConfigError extends Error {}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalUrl = z.url().optional();

/**
 * Every environment variable the portal reads, its default and its meaning, in one place.
 * The README's configuration table is written from this list.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // No default here: it depends on NODE_ENV (never seed demo accounts in production unasked).
  SEED_DEMO_DATA: bool.optional(),
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  FIXTURES_DIR: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: bool.default(true),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_LOGOUT_URL: optionalUrl,
  SUPPORT_EMAIL: z.email().default('support@asset-portal.local'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Asset Portal <no-reply@asset-portal.local>'),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(900),
  IDLE_COUNTDOWN_SECONDS: z.coerce.number().int().min(1).default(10),
  UPLOAD_SIMULTANEOUS: z.coerce.number().int().min(1).max(10).default(3),
  UPLOAD_USE_MULTIPART: bool.default(true),
  UPLOAD_QUOTA_GB_PER_ORGANIZATION: z.coerce.number().positive().optional(),
  STORAGE_ENDPOINT: optionalUrl,
  STORAGE_REGION: z.string().default('us-east-1'),
  STORAGE_BUCKET: z.string().optional(),
  STORAGE_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_FORCE_PATH_STYLE: bool.default(false),
  MAP_STYLE_URL: optionalUrl,
  MAP_PROJECT_CONFIG: z.string().optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(8),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
});

export type Env = z.infer<typeof schema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** The origin browsers use; derived from PORT when PUBLIC_URL is not set. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  seedDemoData: boolean;
  demoPassword: string | undefined;
  fixturesDir: string | undefined;
  sessionSecret: string | undefined;
  cookieSecure: boolean;
  sessionTtlMs: number;
  identity:
    | { kind: 'builtin' }
    | {
        kind: 'external';
        issuer: string;
        clientId: string;
        clientSecret: string | undefined;
        scopes: string;
        logoutUrl: string | undefined;
      };
  supportEmail: string;
  /** Outgoing e-mail: SMTP when smtpUrl is set, otherwise .eml files in DATA_DIR/outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  idleTimeoutSeconds: number;
  idleCountdownSeconds: number;
  uploads: { simultaneousUploads: number; useMultipart: boolean };
  /** Bytes of uploads each organization may store (1 GB = 10^9 bytes); undefined = no limit. */
  uploadQuotaBytes: number | undefined;
  /** Where objects live: files in DATA_DIR/objects served by the app, or an S3 bucket. */
  storage:
    | { kind: 'embedded' }
    | {
        kind: 's3';
        endpoint: string | null;
        region: string;
        bucket: string;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
      };
  mapStyleUrl: string | undefined;
  /** Per-project map settings by project id (MAP_PROJECT_CONFIG), all browser-safe. */
  mapProjects: Record<string, ProjectMapSettings>;
  graphql: { maxDepth: number; maxCost: number };
  logLevel: Env['LOG_LEVEL'];
  /**
   * How long a worker holds a job without renewing it; undefined = each job kind's own lease.
   * A job whose worker died is taken over once this runs out.
   */
  jobLeaseMs: number | undefined;
}

/** Reads and checks the settings; throws ConfigError naming each bad one. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production (32+ characters)',
    );
  }
  if (Boolean(env.STORAGE_ACCESS_KEY_ID) !== Boolean(env.STORAGE_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  let mapProjects: Record<string, ProjectMapSettings> = {};
  if (env.MAP_PROJECT_CONFIG) {
    try {
      mapProjects = readProjectMapConfig(path.resolve(env.MAP_PROJECT_CONFIG));
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  MAP_PROJECT_CONFIG=${JSON.stringify(env.MAP_PROJECT_CONFIG)}: ${(error as Error).message}`,
      );
    }
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    demoPassword: env.DEMO_PASSWORD,
    fixturesDir: env.FIXTURES_DIR ? path.resolve(env.FIXTURES_DIR) : undefined,
    sessionSecret: env.SESSION_SECRET,
    cookieSecure: env.COOKIE_SECURE,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    identity: env.OIDC_ISSUER
      ? {
          kind: 'external',
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID as string,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: env.OIDC_SCOPES,
          logoutUrl: env.OIDC_LOGOUT_URL,
        }
      : { kind: 'builtin' },
    supportEmail: env.SUPPORT_EMAIL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    idleTimeoutSeconds: env.IDLE_TIMEOUT_SECONDS,
    idleCountdownSeconds: env.IDLE_COUNTDOWN_SECONDS,
    uploads: {
      simultaneousUploads: env.UPLOAD_SIMULTANEOUS,
      useMultipart: env.UPLOAD_USE_MULTIPART,
    },
    uploadQuotaBytes:
      env.UPLOAD_QUOTA_GB_PER_ORGANIZATION === undefined
        ? undefined
        : Math.round(env.UPLOAD_QUOTA_GB_PER_ORGANIZATION * 1e9),
    storage: env.STORAGE_BUCKET
      ? {
          kind: 's3',
          endpoint: env.STORAGE_ENDPOINT ?? null,
          region: env.STORAGE_REGION,
          bucket: env.STORAGE_BUCKET,
          accessKeyId: env.STORAGE_ACCESS_KEY_ID ?? null,
          secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: env.STORAGE_FORCE_PATH_STYLE,
        }
      : { kind: 'embedded' },
    mapStyleUrl: env.MAP_STYLE_URL,
    mapProjects,
    graphql: { maxDepth: env.GRAPHQL_MAX_DEPTH, maxCost: env.GRAPHQL_MAX_COST },
    logLevel: env.LOG_LEVEL,
    jobLeaseMs: env.JOB_LEASE_SECONDS === undefined ? undefined : env.JOB_LEASE_SECONDS * 1000,
  };
}

/** The part of the configuration the browser may see, served as /config/config.json. */
export function browserConfig(config: AppConfig) {
  return {
    appTitle: 'Asset Portal',
    supportEmail: config.supportEmail,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    idleCountdownSeconds: config.idleCountdownSeconds,
    uploads: config.uploads,
    map: { styleUrl: config.mapStyleUrl ?? null, projects: config.mapProjects },
  };
}

/** Names and descriptions for the README table; kept beside the schema so they cannot drift. */
export const CONFIG_DOCS: Record<keyof Env, string> = {
  NODE_ENV:
    '`production` turns off GraphQL introspection and field suggestions and requires SESSION_SECRET',
  PORT: 'the one HTTP port serving the app, API, storage and identity',
  HOST: 'address to listen on',
  PUBLIC_URL: 'origin browsers use to reach the portal (default http://localhost:PORT)',
  DATA_DIR: 'embedded data folder (PGlite database, stored objects, outbox, secrets)',
  DATABASE_URL: 'PostgreSQL server to use instead of the embedded PGlite',
  DATABASE_POOL_SIZE: 'connections to the PostgreSQL server',
  SEED_DEMO_DATA:
    'seed demo organizations, users, projects and scans into an empty database (default: true, false when NODE_ENV=production)',
  DEMO_PASSWORD:
    'one password for every demo account (unset = a random one each, printed at start)',
  FIXTURES_DIR: 'folder of the LAS and RINEX files the demo scans are built from',
  SESSION_SECRET: 'key for signing session cookies (generated into DATA_DIR when unset)',
  COOKIE_SECURE: 'mark the session cookie Secure (browsers accept it on http://localhost)',
  SESSION_TTL_HOURS: 'lifetime of a signed-in session',
  OIDC_ISSUER: 'external OpenID Connect issuer (for example Cognito); unset = built-in provider',
  OIDC_CLIENT_ID: 'client id at the external issuer',
  OIDC_CLIENT_SECRET: 'client secret at the external issuer (confidential clients)',
  OIDC_SCOPES: 'scopes requested at sign-in',
  OIDC_LOGOUT_URL: "the external provider's hosted sign-out URL (Cognito /logout)",
  SUPPORT_EMAIL: 'support contact shown on the Unauthorized page',
  SMTP_URL:
    'SMTP server for invitation e-mails, e.g. smtps://user:pass@mail.example.com (unset = .eml files in DATA_DIR/outbox)',
  MAIL_FROM: 'sender of the e-mails the portal sends',
  IDLE_TIMEOUT_SECONDS: 'inactivity before the logout countdown appears',
  IDLE_COUNTDOWN_SECONDS: 'length of the logout countdown',
  UPLOAD_SIMULTANEOUS: 'default number of simultaneous uploads (1-10)',
  UPLOAD_USE_MULTIPART: 'default for multipart uploads',
  UPLOAD_QUOTA_GB_PER_ORGANIZATION:
    'bytes of packages, base-station files and imported-scan sources each organization may store, in GB (unset = no limit)',
  STORAGE_ENDPOINT: 'S3-compatible endpoint (MinIO, Ceph, Garage…); unset = AWS S3 itself',
  STORAGE_REGION: 'region of the storage bucket',
  STORAGE_BUCKET:
    'S3 bucket for uploads and artifacts (unset = embedded store in DATA_DIR/objects)',
  STORAGE_ACCESS_KEY_ID: "access key for the bucket (unset = the server's own AWS credentials)",
  STORAGE_SECRET_ACCESS_KEY: 'secret for STORAGE_ACCESS_KEY_ID',
  STORAGE_FORCE_PATH_STYLE: 'address the bucket as ENDPOINT/BUCKET (most S3-compatible stores)',
  MAP_STYLE_URL: 'MapLibre style URL (unset = offline base map bundled with the app)',
  MAP_PROJECT_CONFIG:
    'JSON file of per-project map settings by project id: access key, hillshade and terrain tilesets, terrain exaggeration (default 2), max detail zoom (22 or 24), point-cloud defaults; served to the browser',
  GRAPHQL_MAX_DEPTH: 'deepest GraphQL selection accepted',
  GRAPHQL_MAX_COST: 'highest GraphQL query cost accepted',
  LOG_LEVEL: 'server log level',
  JOB_LEASE_SECONDS:
    'how long a worker holds a job without renewing it; a job whose worker died is retried after it (unset = the longest lease of the job kinds, 10 minutes)',
};
