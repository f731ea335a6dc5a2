/** What the server publishes at /config/config.json for the browser. */
export interface RuntimeConfig {
  appTitle: string;
  supportEmail: string;
  idleTimeoutSeconds: number;
  idleCountdownSeconds: number;
  uploads: { simultaneousUploads: number; useMultipart: boolean };
  map: { styleUrl: string | null };
}

export const CONFIG_URL = '/config/config.json';

/** Fetches the runtime config; rejects on a network error, a non-2xx answer or a bad shape. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(CONFIG_URL, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${CONFIG_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRuntimeConfig(body)) throw new Error(`${CONFIG_URL} has an unexpected shape`);
  return body;
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Partial<RuntimeConfig>;
  return (
    typeof config.appTitle === 'string' &&
    typeof config.supportEmail === 'string' &&
    typeof config.idleTimeoutSeconds === 'number' &&
    typeof config.idleCountdownSeconds === 'number' &&
    typeof config.uploads === 'object' &&
    config.uploads !== null &&
    typeof config.map === 'object' &&
    config.map !== null
  );
}
