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
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      // err.bindings: knex puts a query's bound values (the user's search text) on its time-out
      // errors; the SQL itself (placeholders only, knex-config.ts compileSqlOnError) stays.
      paths: ['req.headers.authorization', 'headers.authorization', 'request.header.authorization', 'authorization', 'token', 'err.bindings'],
      censor: '[redacted]',
    },
  };
  return pino(options, destination ?? stdoutInBatches());
}

/** How long a log line may wait for others before it is written (issue 18). */
export const LOG_FLUSH_MS = 100;

/**
 * stdout written in batches: lines gather until 4 KB or LOG_FLUSH_MS, then go out in one write.
 * pino's default writes each line on its own (an fs.write through libuv's thread pool per request:
 * ~6 % of the CPU of a request for details by id). pino flushes what is waiting, synchronously, when
 * the process exits, crashes included (its exit handler); only a SIGKILL loses the last 100 ms.
 */
function stdoutInBatches(): DestinationStream {
  return pino.destination({ dest: process.stdout.fd || 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS });
}
