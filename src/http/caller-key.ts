import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Caller } from './auth.js';

/**
 * Whom a request is counted against (rate limits, export slots): a signed-in person or client by
 * issuer and subject, a static token by its non-secret id, else the client address (which
 * TRUST_PROXY decides, app.ts). A subject may be an e-mail address: keys (kept in Redis) hold a
 * digest of it, not the name.
 */
export function callerKey(ctx: Context): string {
  const caller = ctx.state.caller as Caller | undefined;
  if (caller?.via === 'jwt') {
    return `user:${createHash('sha256')
      .update(`${caller.issuer ?? ''}\n${caller.subject}`)
      .digest('hex')
      .slice(0, 24)}`;
  }
  return caller?.tokenId ? `token:${caller.tokenId}` : `ip:${ctx.ip}`;
}
