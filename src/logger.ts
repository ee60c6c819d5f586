import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout. Authorization headers are never logged (we log no headers). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'pricing-query-service' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token'], censor: '[redacted]' },
  });
}
