import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

/** Notified by the database when a statement queued jobs and committed (migration 0012). */
export const JOBS_QUEUED_CHANNEL = 'jobs_queued';

/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_MS = { first: 500, max: 30_000 };

export interface JobNotifications {
  stop(): Promise<void>;
}

/**
 * Keeps one connection to the PostgreSQL server listening for queued jobs and calls `onQueued`
 * for each notification, and once after every (re)connection since jobs may have been queued
 * meanwhile. A lost connection is opened again with backoff; the runner's poll covers the gap.
 */
export function listenForQueuedJobs(options: {
  url: string;
  log: Logger;
  onQueued: () => void;
}): JobNotifications {
  const { url, log, onQueued } = options;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;

  const reconnectLater = (reason: string) => {
    if (stopped || retryTimer) return;
    log.warn({ retryMs }, `job notifications lost (${reason}); the poll covers until reconnected`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    // Both may fire for one loss; the first schedules the reconnection.
    next.on('error', (error) => {
      if (client === next) reconnectLater(error.message);
    });
    next.on('end', () => {
      if (client === next) reconnectLater('connection ended');
    });
    next.on('notification', () => onQueued());
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_QUEUED_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      if (client === next) reconnectLater(error instanceof Error ? error.message : String(error));
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    retryMs = RECONNECT_MS.first;
    onQueued();
  };

  const started = connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await started;
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
