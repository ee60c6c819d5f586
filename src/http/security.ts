import cors from '@koa/cors';
import type { Context, Middleware, Next } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Headers a browser client may read from our answers (they are hidden from scripts otherwise). */
export const EXPOSED_HEADERS = ['X-Request-Id', 'Content-Disposition', 'Server-Timing', 'Retry-After', 'X-Total-Count'];

/**
 * CORS by allow-list: no cross-origin access unless the Origin is listed in CORS_ORIGINS
 * (`*` allows every origin, explicitly). Tokens travel in the Authorization header, not in
 * cookies, so credentials are never allowed.
 */
export function corsPolicy(origins: readonly string[]): Middleware {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const policy = cors({
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      if (anyOrigin) return '*';
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  // Most requests carry no allowed Origin (same-origin pages, servers, curl): @koa/cors would add
  // Vary and pass them on after two awaits; the same, without them.
  return function applyCors(ctx: Context, next: Next) {
    if (anyOrigin || allowed.has(ctx.get('Origin'))) return policy(ctx, next);
    ctx.vary('Origin');
    return next();
  };
}

/**
 * Whether a path is the API's: under /api as the router matches it, in any case and with or without
 * a trailing slash (@koa/router's defaults), so `/API/INFO` is the API's and never the web page.
 * The one answer for the page at / (routes/web-app.ts) and for the security headers below.
 */
export function isApiPath(path: string): boolean {
  return /^\/api(?:\/|$)/i.test(path);
}

/** The docs page (swagger-ui) needs inline styles, its scripts from 'self' and data: images. */
export function isDocsPage(path: string): boolean {
  return /^\/api\/docs(?:\/|$)/i.test(path);
}

/** JSON answers load nothing: the tightest policy, which also forbids framing. */
export const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
};

export const DOCS_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      // The docs page loads its scripts from its own route (no inline script), so no 'unsafe-inline' here.
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      // helmet's default would make a browser fetch the docs' assets over https, which fails when
      // the page is opened over plain HTTP from another machine (TLS, if any, ends at a balancer).
      'upgrade-insecure-requests': null,
    },
  },
};

// The web app: its scripts only from 'self' (Vite emits no inline script). Styles allow
// 'unsafe-inline' deliberately: antd 5 injects its CSS-in-JS as <style> elements at run time and
// React/charts set style attributes; a nonce would cover only the <style> elements and would make
// the static index.html per-response. Inline styles cannot run code, so scripts stay strict.
// With a sign-in provider (AUTH_ISSUER) the page also talks to its origin: discovery, token and
// keys by fetch, and silent renewal in a hidden iframe; without one, everything stays 'self'.
export function webHelmet(authIssuer?: string): HelmetOptions {
  const provider = authIssuer ? [new URL(authIssuer).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...provider],
        ...(authIssuer ? { 'frame-src': ["'self'", ...provider] } : {}),
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
  };
}

export const WEB_HELMET: HelmetOptions = webHelmet();

/**
 * The page's silent-renewal callback (web/src/auth/config.ts) runs inside the page's own hidden
 * iframe, so it alone may be framed, and only by the page's origin.
 */
export const SILENT_SIGNIN_PATH = '/signin-silent';

function silentSigninHelmet(authIssuer: string): HelmetOptions {
  const csp = webHelmet(authIssuer).contentSecurityPolicy as { directives: Record<string, string[]> };
  return { contentSecurityPolicy: { useDefaults: false, directives: { ...csp.directives, 'frame-ancestors': ["'self'"] } } };
}

interface HeaderSet {
  set: [name: string, value: string][];
  removed: string[];
}

/**
 * What helmet does to a response with these options, recorded once: none of our options depends on
 * the request (no nonces, no functions), so every answer gets the same headers. Applying the
 * recorded set costs a few setHeader calls instead of helmet's per-request work and koa-helmet's
 * promise.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const recorded: HeaderSet = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => recorded.set.push([name, String(value)]),
    removeHeader: (name: string) => recorded.removed.push(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed while recording its headers');
    done = true;
  });
  // helmet 8 is synchronous; a version that is not would leave the set incomplete.
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return recorded;
}

function apply(res: ServerResponse, headers: HeaderSet): void {
  for (const name of headers.removed) res.removeHeader(name);
  for (const [name, value] of headers.set) res.setHeader(name, value);
}

/**
 * helmet's defaults everywhere; a relaxed Content-Security-Policy on the docs page and on the web
 * app (every path outside /api, src/routes/web-app.ts), which may reach the sign-in provider at
 * `authIssuer` when one is configured.
 */
export function securityHeaders(authIssuer?: string): Middleware {
  const api = helmetHeaders(API_HELMET);
  const docs = helmetHeaders(DOCS_HELMET);
  const web = helmetHeaders(webHelmet(authIssuer));
  const silent = authIssuer ? helmetHeaders(silentSigninHelmet(authIssuer)) : web;
  return function setSecurityHeaders(ctx: Context, next: Next) {
    const page = ctx.path === SILENT_SIGNIN_PATH ? silent : web;
    apply(ctx.res, !isApiPath(ctx.path) ? page : isDocsPage(ctx.path) ? docs : api);
    return next();
  };
}
