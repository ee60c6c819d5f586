import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';

/**
 * Routes that stay open when API_TOKENS is set (the contract): the pointer to the docs at /api,
 * the service description and its docs page (with the page's own assets). Everything else,
 * unknown paths included, needs a token, so that an anonymous caller cannot even probe which
 * paths exist. These are route patterns as registered on the router (prefix included).
 */
export const OPEN_ROUTES = ['/api', '/api/info', '/api/openapi.json', '/api/docs', '/api/docs/:asset'] as const;

/**
 * Whether a request is on one of `patterns`, decided by the router's own matching (whatever it
 * does with case and trailing slashes), so that a check made before routing can never disagree
 * with the route that then answers. Any method counts: a wrong method still gets its 405.
 */
export function routeMatcher(router: Router, patterns: readonly string[]): (ctx: Context) => boolean {
  const wanted = new Set(patterns);
  return (ctx) => router.match(ctx.path, ctx.method).path.some((layer) => typeof layer.path === 'string' && wanted.has(layer.path));
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
export function bearerAuth(tokens: readonly string[], isOpen: (ctx: Context) => boolean) {
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
    if (isOpen(ctx)) return next();
    throw new AppError('UNAUTHORIZED', undefined, undefined, {
      'WWW-Authenticate': presented === undefined ? 'Bearer realm="pricing"' : 'Bearer realm="pricing", error="invalid_token"',
    });
  };
}
