import type { Context } from 'koa';

/**
 * Whom a request is counted against (rate limits, export slots): the caller's token by its
 * non-secret id, else the client address (which TRUST_PROXY decides, app.ts).
 */
export function callerKey(ctx: Context): string {
  const tokenId = (ctx.state.caller as { tokenId?: string } | undefined)?.tokenId;
  return tokenId ? `token:${tokenId}` : `ip:${ctx.ip}`;
}
