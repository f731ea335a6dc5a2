import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Table and column names are snake_case; the app sees camelCase through Kysely's CamelCasePlugin.
// Every timestamp is timestamptz and written in UTC.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE organizations (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE devices (
      id text PRIMARY KEY,
      name text,
      organization_id integer REFERENCES organizations(id) ON DELETE SET NULL,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX devices_organization_idx ON devices (organization_id);

    CREATE TABLE buckets (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      name text NOT NULL,
      endpoint text,
      region text NOT NULL DEFAULT 'us-east-1',
      bucket text NOT NULL,
      prefix text NOT NULL DEFAULT '',
      force_path_style boolean NOT NULL DEFAULT true,
      access_key_id text,
      secret_access_key text,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, name)
    );

    CREATE TABLE users (
      id serial PRIMARY KEY,
      name text NOT NULL,
      user_type text NOT NULL DEFAULT 'Standard'
        CHECK (user_type IN ('Admin', 'Power User', 'Standard')),
      email text NOT NULL UNIQUE,
      phone text,
      enabled boolean NOT NULL DEFAULT true,
      aws_user_id text UNIQUE,
      username text NOT NULL UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX users_organization_idx ON users (organization_id, name);

    CREATE TABLE projects (
      id serial PRIMARY KEY,
      name text NOT NULL,
      comments text,
      active boolean NOT NULL DEFAULT true,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      utm jsonb NOT NULL,
      projection text,
      geoid_grid_file text,
      helmert_parameters text,
      tag_options text[] NOT NULL DEFAULT ARRAY['QA - OK', 'QA - Issue/Poor'],
      classifiers text NOT NULL DEFAULT 'none',
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, name)
    );

    CREATE TABLE device_assignments (
      id serial PRIMARY KEY,
      device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      from_timestamp timestamptz NOT NULL,
      to_timestamp timestamptz,
      created timestamptz NOT NULL DEFAULT now(),
      CHECK (to_timestamp IS NULL OR to_timestamp > from_timestamp)
    );
    CREATE INDEX device_assignments_device_idx ON device_assignments (device_id, from_timestamp);
    CREATE INDEX device_assignments_project_idx ON device_assignments (project_id);

    CREATE TABLE pipelines (
      id serial PRIMARY KEY,
      project_id integer REFERENCES projects(id) ON DELETE CASCADE,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL CHECK (char_length(description) <= 200),
      pipeline text NOT NULL,
      dependencies text[] NOT NULL DEFAULT '{}',
      global boolean NOT NULL DEFAULT false,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now(),
      CHECK (global = (project_id IS NULL))
    );
    CREATE INDEX pipelines_project_idx ON pipelines (project_id);

    CREATE TABLE sessions (
      id text PRIMARY KEY CHECK (char_length(id) <= 29),
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      device_id text REFERENCES devices(id) ON DELETE SET NULL,
      project_id integer REFERENCES projects(id) ON DELETE SET NULL,
      assignment_type text,
      captured_timestamp timestamptz NOT NULL,
      end_captured_timestamp timestamptz NOT NULL,
      manifest jsonb,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_project_time_idx ON sessions (project_id, captured_timestamp);
    CREATE INDEX sessions_time_range_idx ON sessions (captured_timestamp, end_captured_timestamp);

    CREATE TABLE scans (
      id text PRIMARY KEY CHECK (char_length(id) <= 26),
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      session_id text REFERENCES sessions(id) ON DELETE CASCADE,
      project_id integer REFERENCES projects(id) ON DELETE RESTRICT,
      device_id text REFERENCES devices(id) ON DELETE SET NULL,
      friendly_name text,
      type text,
      assignment_type text,
      tags text[] NOT NULL DEFAULT '{}',
      length double precision,
      metadata jsonb,
      comment text,
      default_version text,
      captured_timestamp timestamptz,
      end_captured_timestamp timestamptz,
      friendly_location_name text,
      simple_path jsonb,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX scans_project_time_idx ON scans (project_id, captured_timestamp);
    CREATE INDEX scans_session_idx ON scans (session_id);
    CREATE INDEX scans_unassigned_idx ON scans (organization_id) WHERE project_id IS NULL;

    CREATE TABLE artifacts (
      id serial PRIMARY KEY,
      scan_id text NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
      artifact_type text NOT NULL,
      name text NOT NULL,
      url text,
      s3_url text,
      status text NOT NULL DEFAULT 'provisional',
      parameters jsonb,
      size bigint,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX artifacts_scan_idx ON artifacts (scan_id);

    CREATE TABLE images (
      id serial PRIMARY KEY,
      scan_id text NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
      frame integer NOT NULL,
      gps_time double precision,
      x double precision,
      y double precision,
      z double precision,
      lat double precision NOT NULL,
      lon double precision NOT NULL,
      center_image jsonb,
      left_image jsonb,
      right_image jsonb,
      UNIQUE (scan_id, frame)
    );

    CREATE TABLE annotations (
      id serial PRIMARY KEY,
      scan_id text NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      title text NOT NULL,
      type text,
      comment text,
      point jsonb NOT NULL,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX annotations_scan_idx ON annotations (scan_id);

    CREATE TABLE imported_scans (
      scan_id text PRIMARY KEY REFERENCES scans(id) ON DELETE CASCADE,
      determine_trajectory boolean NOT NULL DEFAULT true,
      source_s3_url text,
      created timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE activity_logs (
      id serial PRIMARY KEY,
      activity_type text NOT NULL,
      reference_key text,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      status text NOT NULL
        CHECK (status IN ('Event', 'Submitted', 'Started', 'Completed', 'Failed', 'Error', 'Hung')),
      message text,
      log_file_url text,
      payload jsonb,
      metrics jsonb,
      created timestamptz NOT NULL DEFAULT now(),
      submitted timestamptz,
      started timestamptz,
      completed timestamptz,
      last_modified timestamptz NOT NULL DEFAULT now(),
      is_acknowledged boolean NOT NULL DEFAULT false
    );
    CREATE UNIQUE INDEX activity_logs_reference_idx ON activity_logs (activity_type, reference_key)
      WHERE reference_key IS NOT NULL;
    CREATE INDEX activity_logs_org_created_idx ON activity_logs (organization_id, created DESC);
    CREATE INDEX activity_logs_user_idx ON activity_logs (user_id, activity_type, status, is_acknowledged);

    CREATE TABLE basestations (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      project_id integer REFERENCES projects(id) ON DELETE SET NULL,
      filename text NOT NULL,
      s3_url text NOT NULL,
      point jsonb,
      ecef double precision[],
      start_timestamp timestamptz,
      end_timestamp timestamptz,
      status text NOT NULL DEFAULT 'Submitted',
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX basestations_project_idx ON basestations (project_id);
    CREATE INDEX basestations_time_range_idx ON basestations (start_timestamp, end_timestamp);

    CREATE TABLE trajectory_processing_runs (
      id serial PRIMARY KEY,
      session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      basestation_ids integer[] NOT NULL,
      status text NOT NULL DEFAULT 'Submitted',
      status_message text,
      log_s3_url text,
      amb_status_s3_url text,
      altitude_separations_s3_url text,
      distance_separations_s3_url text,
      num_sats_s3_url text,
      trajectory_audit_s3_url text,
      metrics jsonb,
      submitted timestamptz NOT NULL DEFAULT now(),
      started timestamptz,
      completed timestamptz
    );
    CREATE INDEX trajectory_runs_session_idx ON trajectory_processing_runs (session_id);

    CREATE TABLE vendors (
      id serial PRIMARY KEY,
      name text NOT NULL,
      description text,
      project_id integer REFERENCES projects(id) ON DELETE CASCADE,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vendors_project_idx ON vendors (project_id);

    CREATE TABLE project_layers (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name text NOT NULL,
      comments text,
      source text NOT NULL,
      layers text NOT NULL DEFAULT '[]',
      ignore boolean NOT NULL DEFAULT false,
      show_by_default boolean NOT NULL DEFAULT true,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX project_layers_project_idx ON project_layers (project_id, name);

    CREATE TABLE vendor_layers (
      layer_id integer NOT NULL REFERENCES project_layers(id) ON DELETE CASCADE,
      vendor_id integer NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      PRIMARY KEY (layer_id, vendor_id)
    );

    -- Built-in identity provider: local accounts, invitations and the provider's own records.
    CREATE TABLE local_accounts (
      subject text PRIMARY KEY,
      username text NOT NULL UNIQUE,
      email text NOT NULL,
      password_hash text,
      password_set_at timestamptz,
      created timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE invitations (
      token_hash text PRIMARY KEY,
      subject text NOT NULL REFERENCES local_accounts(subject) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE oidc_payloads (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
    CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
    CREATE INDEX oidc_payloads_expires_idx ON oidc_payloads (expires_at);

    -- Signed-in browser sessions (backend-for-frontend): tokens stay here, never in the browser.
    CREATE TABLE web_sessions (
      id text PRIMARY KEY,
      subject text NOT NULL,
      id_token text,
      access_token text,
      refresh_token text,
      expires_at timestamptz NOT NULL,
      created timestamptz NOT NULL DEFAULT now(),
      last_seen timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX web_sessions_subject_idx ON web_sessions (subject);
    CREATE INDEX web_sessions_expires_idx ON web_sessions (expires_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only; restore from a backup instead.');
}
