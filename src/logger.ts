import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs, one object per line, on stdout unless a destination is given (tests read
 * their own stream). No middleware logs request headers, so bearer tokens never reach the log;
 * the redaction below is a second line of defence for code that logs a whole request by mistake.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'pricing-query-service' },
    timestamp: isoTime,
    redact: {
      // err.bindings: knex puts a query's bound values (the user's search text) on its time-out
      // errors; the SQL itself (placeholders only, knex-config.ts compileSqlOnError) stays.
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'request.header.authorization',
        'authorization',
        'token',
        'err.bindings',
      ],
      censor: '[redacted]',
    },
  };
  return pino(options, destination ?? stdout());
}

let stampedMs = Number.NaN;
let stamp = '';

/** pino's isoTime, its string made once per millisecond: under load many lines share one. */
function isoTime(): string {
  const now = Date.now();
  if (now !== stampedMs) {
    stampedMs = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

let buffered: DestinationStream | undefined;

/**
 * stdout through a 4 KB buffer written every 200 ms at the latest, instead of one write per line,
 * which cost a small request more than the rest of its logging. pino writes what is left when the
 * process exits (process.exit included); a SIGKILL loses at most the buffer.
 */
function stdout(): DestinationStream {
  return (buffered ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
}
