import cors from '@koa/cors';
import type { Context, Middleware, Next } from 'koa';
import helmet from 'koa-helmet';

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
  return cors({
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
}

/** The docs page (swagger-ui) needs inline styles, its scripts from 'self' and data: images. */
function isDocsPage(path: string): boolean {
  return path === '/api/docs' || path.startsWith('/api/docs/');
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * helmet's defaults everywhere; a relaxed Content-Security-Policy on the docs page and on the web
 * app (every path outside /api, src/routes/web-app.ts).
 */
export function securityHeaders(): Middleware {
  // JSON answers load nothing: the tightest policy, which also forbids framing.
  const strict = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  });
  const docs = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // The docs page loads its scripts from /api/docs/ (no inline script), so no 'unsafe-inline' here.
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
  });
  // The web app: its scripts only from 'self' (Vite emits no inline script). Styles allow
  // 'unsafe-inline' deliberately: antd 5 injects its CSS-in-JS as <style> elements at run time and
  // React/charts set style attributes; a nonce would cover only the <style> elements and would make
  // the static index.html per-response. Inline styles cannot run code, so scripts stay strict.
  const web = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
  });
  return function setSecurityHeaders(ctx: Context, next: Next) {
    if (!isApiPath(ctx.path)) return web(ctx, next);
    return (isDocsPage(ctx.path) ? docs : strict)(ctx, next);
  };
}
