import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What is known of a connection that was cut because its reader stopped taking the answer. */
export interface StalledReader {
  remoteAddress: string | undefined;
  /** Bytes waiting in the service for the reader when it was cut. */
  waitingBytes: number;
  idleMs: number;
}

interface Progress {
  /** Bytes the kernel has taken from this socket so far. */
  taken: number;
  since: number;
}

/**
 * Cuts connections whose reader has taken nothing for `idleMs` while an answer waits to be sent.
 * A response that cannot be written holds what it was given (an export: its slot and a database
 * cursor) for as long as the socket stays open, and Node never times out a socket that is only
 * waiting to write. A connection with nothing waiting (a slow query, keep-alive) is left alone:
 * other limits bound those. One sweep over the open connections every `checkEveryMs`.
 */
export function cutStalledReaders(server: Server, idleMs: number, onCut: (reader: StalledReader) => void): void {
  const sockets = new Map<Socket, Progress | undefined>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  const checkEveryMs = Math.min(1000, Math.max(50, Math.floor(idleMs / 4)));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const [socket, last] of sockets) {
      const waiting = socket.writableLength;
      if (waiting === 0 || socket.destroyed) {
        if (last) sockets.set(socket, undefined);
        continue;
      }
      // bytesWritten counts what is queued too: take that away to see what the reader took.
      const taken = socket.bytesWritten - waiting;
      if (!last || last.taken !== taken) {
        sockets.set(socket, { taken, since: now });
      } else if (now - last.since >= idleMs) {
        sockets.delete(socket);
        onCut({ remoteAddress: socket.remoteAddress, waitingBytes: waiting, idleMs: Math.round(now - last.since) });
        socket.destroy();
      }
    }
  }, checkEveryMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
