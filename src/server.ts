import type { Server } from 'node:http';
import net from 'node:net';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/connection.js';
import { openReadReplica, type ReadReplica } from './db/replica.js';
import { prepareDatabase, sqliteFileProblem } from './db/setup.js';
import { loadExcelJs } from './export/xlsx.js';
import { createRedisClient } from './http/rate-limit.js';
import { ConnectionTracker, createHttpServer } from './lifecycle/http-server.js';
import { Readiness, type ReadinessState } from './lifecycle/readiness.js';
import { createLogger, type Logger } from './logger.js';
import { API_INDEX } from './routes/docs.js';

/** The only file that listens: read config, open the database, serve, shut down without losing a request. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const fileProblem = sqliteFileProblem(config.db);
  if (fileProblem) {
    console.error(fileProblem);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const db = createDb(config.db, logger);
  // Only the shared rate limit uses Redis; without a limit there is nothing to share.
  const redis = config.redisUrl && config.rateLimitPerMinute > 0 ? await createRedisClient(config.redisUrl, logger) : undefined;

  try {
    await prepareDatabase(db, config.db, (msg) => logger.info(msg));
  } catch (err) {
    // A networked database that is down must not stop the service: the service info and the
    // database check still answer, and queries get 503 until it is back.
    logger.error({ err }, 'database preparation failed; serving anyway');
  }

  // DATABASE_READ_URL: its first lag reading is taken now, so a healthy replica serves the first request.
  const replica: ReadReplica | undefined = config.replica ? await openReadReplica(config.db, config.replica, logger) : undefined;

  const readiness = new Readiness(db, config.db.checkTimeoutMs, (state) => logReadiness(logger, state));
  // At start-up, so that a missing database or schema is named in the log before the first query.
  await readiness.check();

  const app = createApp({ config, db, replica, logger, redis, readiness });
  const server = createHttpServer(app.callback(), config.http, (reader) =>
    logger.warn(reader, 'connection cut: its reader took nothing while an answer waited (EXPORT_IDLE_TIMEOUT_MS)'),
  );
  const connections = new ConnectionTracker(server);
  await listen(server, config);
  const where = describeAddress(server);
  logger.info(
    {
      pid: process.pid,
      address: where.address,
      port: where.port,
      dbClient: config.db.client,
      timeZone: config.appTimeZone,
      ...(replica ? { readReplica: replica.status() } : {}),
      docs: `${where.url}${API_INDEX.docs}`,
    },
    `pricing query service listening on ${where.url} (API docs: ${where.url}${API_INDEX.docs})`,
  );
  // Loading the xlsx writer blocks the event loop once: now, while no export is in flight, rather
  // than on the first export. A failure here is only logged; that export then fails and says why.
  loadExcelJs().catch((err: unknown) => logger.warn({ err }, 'preloading the xlsx writer failed'));

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return; // npm relays the signal that the process group already delivered
    shuttingDown = true;
    readiness.beginShutdown();
    connections.stopKeepAlive();
    // Ctrl-C in a terminal has no load balancer to tell: no delay.
    const delayMs = signal === 'SIGINT' ? 0 : config.shutdownDelayMs;
    logger.info(
      { signal, delayMs, timeoutMs: config.shutdownTimeoutMs, connections: connections.size },
      `shutting down: readiness answers 503; the listener closes in ${delayMs} ms, then requests in flight get up to ${config.shutdownTimeoutMs} ms`,
    );
    setTimeout(() => void closeListener(), delayMs);
  };

  const closeListener = async () => {
    // Connections waiting in the listen backlog would be reset when the listener closes: accept them
    // first (they are then drained like the rest).
    await connections.acceptBacklog();
    const force = setTimeout(() => {
      logger.warn({ connections: connections.size }, 'shutdown timeout reached; closing remaining connections');
      connections.destroyAll();
      // Whatever else still holds the exit up (a pool that does not close) gets a little longer.
      setTimeout(() => {
        logger.error('shutdown did not finish after the connections were closed; exiting anyway');
        process.exit(1);
      }, 2000).unref();
    }, config.shutdownTimeoutMs);
    force.unref();
    // net.Server's close, not http.Server's: since Node 19 the latter also destroys every connection
    // without a parsed request (closeIdleConnections), which resets those whose bytes are waiting.
    net.Server.prototype.close.call(server, async () => {
      clearTimeout(force);
      setTimeout(() => {
        logger.error('closing the database pool or Redis took over 5 s; exiting anyway');
        process.exit(1);
      }, 5000).unref();
      await Promise.allSettled([
        db.destroy().catch((err: unknown) => logger.error({ err }, 'closing the database pool failed')),
        replica?.close().catch((err: unknown) => logger.error({ err }, "closing the read replica's pools failed")),
        redis?.quit().catch(() => redis.disconnect()),
      ]);
      logger.info('shut down');
      // pino writes stdout synchronously, so the last line is out before the exit.
      process.exit(0);
    });
    connections.drain();
  };

  // SIGHUP (the terminal went away; some supervisors send it to restart): the configuration is read
  // once at start-up, so there is nothing to reload: it is a graceful stop like SIGTERM.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
}

function logReadiness(logger: Logger, state: ReadinessState): void {
  if (state.ready) {
    logger.info('ready: the database is reachable and at the latest migration');
    return;
  }
  const hint = {
    'database-unavailable': 'queries answer 503 DB_UNAVAILABLE until it is reachable',
    'database-not-found': 'check DB_NAME / DATABASE_URL; queries answer 503 DB_NOT_FOUND',
    'schema-not-migrated': 'run `npm run db:migrate` with an owner login; queries answer 503 DB_SCHEMA_MISSING',
    'shutting-down': '',
  }[state.reason];
  logger.warn({ reason: state.reason, detail: state.detail }, `not ready: ${state.reason} (${state.detail}); ${hint}`);
}

/** listen(), with the usual failures said in one line instead of Node's stack trace. */
async function listen(server: Server, config: Config): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const on = `port ${config.port}${config.host ? ` on ${config.host}` : ''}`;
    if (code === 'EADDRINUSE')
      console.error(`Cannot listen: ${on} is already in use by another process (set PORT to another port or stop it).`);
    else if (code === 'EACCES') console.error(`Cannot listen: no permission to use ${on} (ports below 1024 need privileges; set PORT).`);
    else if (code === 'EADDRNOTAVAIL') console.error(`Cannot listen: HOST ${config.host} is not an address of this machine.`);
    else throw err;
    process.exit(1);
  }
}

function describeAddress(server: Server): { address: string; port: number; url: string } {
  const address = server.address();
  if (!address || typeof address === 'string') return { address: String(address), port: 0, url: String(address) };
  // All interfaces: say localhost, which is where someone reading the log tries first.
  const host =
    address.address === '::' || address.address === '0.0.0.0'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return { address: `${address.address}:${address.port}`, port: address.port, url: `http://${host}:${address.port}` };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
