import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/connection.js';
import { prepareDatabase } from './db/setup.js';
import { createRedisClient } from './http/rate-limit.js';
import { createLogger } from './logger.js';

/** The only file that listens: read config, open the database, serve, shut down gracefully. */
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
  const logger = createLogger(config.logLevel);
  const db = createDb(config.db, logger);
  // Only the shared rate limit uses Redis; without a limit there is nothing to share.
  const redis = config.redisUrl && config.rateLimitPerMinute > 0 ? await createRedisClient(config.redisUrl, logger) : undefined;

  try {
    await prepareDatabase(db, config.db, (msg) => logger.info(msg));
  } catch (err) {
    // A networked database that is down must not stop the service: /api/info and /api/test-db
    // still answer, and queries get 503 until it is back.
    logger.error({ err }, 'database preparation failed; serving anyway');
  }

  const app = createApp({ config, db, logger, redis });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const where = typeof address === 'object' && address ? `${address.address}:${address.port}` : String(address);
    logger.info({ address: where, port: typeof address === 'object' ? address?.port : undefined, dbClient: config.db.client }, `pricing query service listening on ${where}`);
  });

  const connections = trackConnections(server);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.warn('shutdown timeout reached; closing remaining connections');
      connections.destroyAll();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      await Promise.allSettled([
        db.destroy().catch((err: unknown) => logger.error({ err }, 'closing the database pool failed')),
        redis?.quit().catch(() => redis.disconnect()),
      ]);
      logger.info('shut down');
      // pino writes stdout synchronously, so the last line is out before the exit.
      process.exit(0);
    });
    connections.drain();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * server.close() only stops accepting; a connection that is open but has no request in progress
 * (keep-alive between requests, or a client that connected and sent nothing) would hold the
 * shutdown until its timeout. Node's closeIdleConnections() misses the second kind, so we track
 * which socket has a request in flight ourselves.
 */
function trackConnections(server: Server) {
  const inFlight = new Map<Socket, ServerResponse | undefined>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, undefined);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      if (inFlight.get(socket) === res) inFlight.set(socket, undefined);
      // The answer is written: let the connection go instead of keeping it alive.
      if (draining) socket.end();
    });
  });
  return {
    /** Closes idle connections now, and every other one as soon as its answer is written. */
    drain() {
      draining = true;
      for (const [socket, res] of inFlight) {
        if (!res) socket.destroy();
        else if (!res.headersSent) res.setHeader('Connection', 'close');
      }
    },
    destroyAll() {
      for (const socket of inFlight.keys()) socket.destroy();
    },
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
