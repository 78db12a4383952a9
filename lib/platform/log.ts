import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs (AWS Lambda Powertools Logger): one JSON object per line, with
 * service name, level, timestamp, and — per request — route, status, duration, request
 * id and the cold-start flag (lib/http/handler.ts). Never pass request bodies,
 * passwords, tokens or reset codes: errors are logged as name, message and stack only.
 * Level: LOG_LEVEL (info, warn, error, silent; default info).
 */
export const logger = new Logger({
  serviceName: 'tourism-village',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO').toUpperCase() as 'INFO',
});

/** Tests only: change the level at run time. */
export function setLogLevel(level: 'INFO' | 'WARN' | 'ERROR' | 'SILENT'): void {
  logger.setLogLevel(level);
}

export const log = {
  info: (message: string, extra: Record<string, unknown> = {}) => logger.info(message, extra),
  warn: (message: string, extra: Record<string, unknown> = {}) => logger.warn(message, extra),
  // Powertools formats an Error under `error` as name, message, location and stack.
  error: (message: string, err?: unknown, extra: Record<string, unknown> = {}) =>
    logger.error(message, { ...extra, ...(err === undefined ? {} : { error: err instanceof Error ? err : String(err) }) }),
};
