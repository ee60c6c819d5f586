import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';

/**
 * Paths that stay open when API_TOKENS is set (the contract): the service description and its
 * docs page (with the page's own assets under /api/docs/). Everything else, unknown paths
 * included, needs a token, so that an anonymous caller cannot even probe which paths exist.
 */
export function isOpenPath(path: string): boolean {
  return path === '/api/info' || path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** What later middleware may know about the caller: never the token itself. */
export interface Caller {
  /** A short, stable, non-secret name of the token (for rate-limit keys). */
  tokenId: string;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * Bearer-token check. Tokens are compared as SHA-256 digests with timingSafeEqual: digests have
 * equal length whatever the caller sends, and every configured token is compared, so the answer
 * takes the same time whether or not a prefix matched.
 */
export function bearerAuth(tokens: readonly string[]) {
  const known = tokens.map((token) => ({ digest: digest(token), id: digest(`id:${token}`).toString('hex').slice(0, 12) }));

  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    if (known.length === 0) return next();
    const presented = BEARER.exec(ctx.get('Authorization'))?.[1];
    let caller: Caller | undefined;
    if (presented !== undefined) {
      const presentedDigest = digest(presented);
      for (const token of known) {
        if (timingSafeEqual(presentedDigest, token.digest) && !caller) caller = { tokenId: token.id };
      }
    }
    if (caller) {
      ctx.state.caller = caller;
      return next();
    }
    // CORS preflights carry no Authorization header; @koa/cors (earlier in the chain) answers them.
    if (isOpenPath(ctx.path)) return next();
    throw new AppError('UNAUTHORIZED', undefined, undefined, {
      'WWW-Authenticate': presented === undefined ? 'Bearer realm="pricing"' : 'Bearer realm="pricing", error="invalid_token"',
    });
  };
}
