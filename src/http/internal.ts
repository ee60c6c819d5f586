import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

/**
 * Requests the service makes to itself (an MCP tool call is its operation's own request): their
 * request objects are created here, never by a socket, so a client cannot claim to be one. The
 * MCP request that carries them was counted by the rate limit already.
 */
const internal = new WeakSet<IncomingMessage>();

export function markInternal(req: IncomingMessage): void {
  internal.add(req);
}

export function isInternal(ctx: Context): boolean {
  return internal.has(ctx.req);
}
