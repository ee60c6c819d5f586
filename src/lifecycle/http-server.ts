import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { HttpServerConfig } from '../config.js';
import { ERROR_CODES, type ErrorCode } from '../http/errors.js';
import { cutStalledReaders, type StalledReader } from './stalled-readers.js';

/**
 * The HTTP server with deliberate limits instead of Node's defaults (docs/operations.md):
 * - keep-alive longer than a load balancer's idle timeout (60 s on the common ones), so the
 *   balancer, not the service, closes an idle connection: otherwise the service may close it just
 *   as the balancer sends the next request on it, which the balancer reports as a 502;
 * - the headers and the whole request within bounds that a slow or idle client cannot stretch;
 * - a cap on open connections (file descriptors and memory are finite);
 * - a bound on how long an answer may wait for a reader that takes nothing (stalled-readers.ts).
 */
export function createHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  limits: HttpServerConfig,
  onStalledReader: (reader: StalledReader) => void = () => {},
): Server {
  const server = http.createServer(
    {
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node checks the two timeouts above (default 30 s, too coarse for a 20 s bound).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    // Koa's handler (app.callback()) answers its own errors: the promise it returns never rejects.
    (req, res) => void handler(req, res),
  );
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerUnparsable);
  cutStalledReaders(server, limits.idleReaderTimeoutMs, onStalledReader);
  return server;
}

/** Node's parser codes whose answers are not the plain 400 (as Node's own default answers them). */
const ERROR_BY_PARSER_CODE: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * A request Node's parser rejects (raw Chinese in the query string, a malformed header) never
 * reaches Koa, and Node's default answer has no body: here it gets the contract's body and a
 * request id, where the socket can still take it.
 */
function answerUnparsable(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = ERROR_BY_PARSER_CODE[err.code ?? ''] ?? 'BAD_REQUEST';
  const { status, message } = ERROR_CODES[code];
  const requestId = randomUUID();
  const body = JSON.stringify({ success: false, code, message, requestId });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A connection that sent nothing gets this long to send its request once shutdown has begun. */
export const IDLE_GRACE_MS = 1000;

/**
 * Connection bookkeeping for a shutdown that loses nothing.
 *
 * The libraries that do this (stoppable, http-terminator, and @godaddy/terminus, which uses
 * stoppable) destroy every socket without a parsed request the moment shutdown starts, and so does
 * Node's own http.Server.close() since Node 19 (closeIdleConnections). A socket
 * whose request bytes have arrived while the event loop was busy looks exactly like that: its
 * client gets a reset. So here a connection without a request is destroyed only after a grace
 * (IDLE_GRACE_MS) in which the loop reads what has arrived; a request that turns up is answered
 * with `Connection: close`, and a connection closes as soon as its answer is written.
 */
export class ConnectionTracker {
  /** Every open connection and the answer in progress on it (undefined: none). */
  private readonly connections = new Map<Socket, ServerResponse | undefined>();
  /** Answers say `Connection: close` (shutdown has begun). */
  private closing = false;
  /** The listener is closed: connections without a request are closed after a grace. */
  private draining = false;
  private readonly graceTimers = new Map<Socket, NodeJS.Timeout>();
  private accepted = 0;

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      this.connections.set(socket, undefined);
      socket.once('close', () => this.connections.delete(socket));
      if (this.draining) this.closeWhenIdle(socket);
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      this.connections.set(socket, res);
      if (this.closing) res.shouldKeepAlive = false;
      res.once('finish', () => {
        if (this.connections.get(socket) === res) this.connections.set(socket, undefined);
        if (this.draining) this.closeWhenIdle(socket);
      });
    });
  }

  get size(): number {
    return this.connections.size;
  }

  /**
   * Lets the event loop turn until it accepts no more connections. libuv accepts about one pending
   * connection per turn, so a single turn before closing the listener is not enough.
   */
  async acceptBacklog(maxTurns = 10_000): Promise<void> {
    let quietTurns = 0;
    for (let turn = 0; turn < maxTurns && quietTurns < 2; turn++) {
      const before = this.accepted;
      await nextTurn();
      quietTurns = this.accepted === before ? quietTurns + 1 : 0;
    }
  }

  /** From now on every answer says `Connection: close` (keep-alive clients reconnect elsewhere). */
  stopKeepAlive(): void {
    this.closing = true;
    for (const res of this.connections.values()) if (res && !res.headersSent) res.shouldKeepAlive = false;
  }

  /**
   * After the listener has closed: a connection with an answer in progress closes once it is
   * written; one without gets IDLE_GRACE_MS to deliver a request (bytes that arrived while the loop
   * was busy are parsed in that time), then is closed.
   */
  drain(): void {
    this.stopKeepAlive();
    this.draining = true;
    for (const socket of this.connections.keys()) this.closeWhenIdle(socket);
  }

  private closeWhenIdle(socket: Socket): void {
    if (this.connections.get(socket)) return; // an answer is in progress: its 'finish' comes back here
    if (this.graceTimers.has(socket)) return;
    const timer = setTimeout(() => {
      this.graceTimers.delete(socket);
      // Still open and still without a request: nothing more is coming.
      if (this.connections.has(socket) && this.connections.get(socket) === undefined) socket.destroy();
    }, IDLE_GRACE_MS);
    timer.unref();
    this.graceTimers.set(socket, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      this.graceTimers.delete(socket);
    });
  }

  /** SHUTDOWN_TIMEOUT_MS is over: cut whatever is left. */
  destroyAll(): void {
    for (const socket of this.connections.keys()) socket.destroy();
  }
}
