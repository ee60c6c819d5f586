import fs from 'node:fs/promises';
import path from 'node:path';
import { send } from '@koa/send';
import type { Context, Middleware, Next } from 'koa';
import { isApiPath } from '../http/security.js';
import { PROJECT_ROOT } from '../project-root.js';

/** Where `npm run web:build` (Vite) writes the pricing workbench (web/). */
export const WEB_DIST_DIR = path.join(PROJECT_ROOT, 'web/dist');

/** Vite puts every hashed bundle, stylesheet and font here; a new build gives new names. */
const HASHED_ASSETS = '/assets/';
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
/** The page reads the business time zone from this tag (web/index.html), not from inline script; Vite keeps its ` />`. */
const TIME_ZONE_META = /<meta\s+name="app-time-zone"\s+content="[^"]*"\s*\/?>/;

export interface WebAppOptions {
  /** The built page (index.html + assets/); tests point it at a fixture. */
  root?: string;
  /** APP_TIMEZONE: dates on the page are shown in it. */
  timeZone: string;
}

/** send's 404 (no such file), 403/400 (a path escaping root, a malformed one): all "not here". */
function isNotServable(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** How the request log and metrics name what the page's files answered (a missing file stays `unmatched`). */
const PAGE_ROUTE = '/*';
const ASSETS_ROUTE = '/assets/*';

/**
 * Serves the built web app at `/`: hashed files under /assets/ with a year's immutable cache,
 * other files (favicon) revalidated, and index.html, never cached, for every other GET path
 * without a file extension (the page's own routes, e.g. /pricing/123, work on reload).
 * Mounted before authentication: the page holds no data and asks for a token itself when the
 * API answers 401. Everything under /api (in any case, as the router matches), and every other
 * method, passes through untouched.
 * Without a build (web/dist absent) it passes through too, so the API works as before.
 */
export function webApp({ root = WEB_DIST_DIR, timeZone }: WebAppOptions): Middleware {
  const indexFile = path.join(root, 'index.html');
  const timeZoneMeta = `<meta name="app-time-zone" content="${escapeAttribute(timeZone)}">`;
  // Precompressed siblings (.br, .gz) are written by scripts/build-web.ts; send picks one by Accept-Encoding.
  const common = { root, index: false as const, hidden: false, brotli: true, gzip: true };

  async function sendIndex(ctx: Context, next: Next): Promise<void> {
    let html: string;
    try {
      html = await fs.readFile(indexFile, 'utf8');
    } catch {
      return next();
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html.replace(TIME_ZONE_META, timeZoneMeta);
    ctx.state.route = PAGE_ROUTE;
  }

  return async function serveWebApp(ctx: Context, next: Next): Promise<void> {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    const hashed = ctx.path.startsWith(HASHED_ASSETS);
    const lastSegment = ctx.path.slice(ctx.path.lastIndexOf('/') + 1);
    if (!hashed && !lastSegment.includes('.')) return sendIndex(ctx, next);
    if (lastSegment === 'index.html') return sendIndex(ctx, next);
    ctx.vary('Accept-Encoding'); // the same URL may be sent as .br, .gz or plain
    try {
      await send(ctx, ctx.path, hashed ? { ...common, maxage: ONE_YEAR_MS, immutable: true } : { ...common, maxage: 0 });
      if (!hashed) ctx.set('Cache-Control', 'no-cache');
      ctx.state.route = hashed ? ASSETS_ROUTE : PAGE_ROUTE;
    } catch (err) {
      // A missing file is the API's usual 404 body (errorMiddleware), never index.html: a script
      // tag that gets HTML back fails with a confusing MIME error instead of a plain 404.
      if (isNotServable(err)) return next();
      throw err;
    }
  };
}
