import { type Logger, pino } from 'pino';
import type { AppConfig } from '../config/config.ts';

export type { Logger };

/**
 * The log of the processes that have no HTTP server's logger (the worker's jobs and scheduled
 * tasks): pino, as Fastify uses, at the configured LOG_LEVEL, one JSON line an entry.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel });
}
