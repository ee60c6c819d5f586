import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { requestedExportFormat } from '../export/format.js';
import { AppError } from './errors.js';

/** The roles a caller may hold: reading (queries, statistics) and exporting (CSV/xlsx). */
export const ROLES = ['pricing.read', 'pricing.export'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The two list operations answer with a file when Accept asks for one: that needs the export role. */
const EXPORTING_ROUTES: ReadonlySet<string> = new Set(['/api/query/pricing', '/api/query/secondary-process']);

/** Routes any signed-in caller may use whatever its roles (the page asks who it is before anything else). */
const ANY_ROLE_ROUTES: ReadonlySet<string> = new Set(['/api/auth/me']);

/**
 * The role a request on `route` (its pattern) needs. Deny by default: every route behind the
 * token check needs `pricing.read` unless listed above, so a route added later is not open to
 * a caller without roles.
 */
export function requiredRole(route: string, ctx: Context): Role | undefined {
  if (ANY_ROLE_ROUTES.has(route)) return undefined;
  if (EXPORTING_ROUTES.has(route) && requestedExportFormat(ctx)) return 'pricing.export';
  return 'pricing.read';
}

/** 403 FORBIDDEN unless the caller holds `role`. */
export function assertRole(roles: readonly Role[], role: Role | undefined): void {
  if (role && !roles.includes(role)) {
    throw new AppError('FORBIDDEN', role === 'pricing.export' ? '无权导出：需要 pricing.export 角色' : '无权访问：需要 pricing.read 角色');
  }
}

/**
 * The role check, after authentication: the caller's roles against the route's (its pattern as the
 * router matches it, the same answer routing gives). A request on no route gets its 404 or 405, and
 * one without a caller (open routes, or no authentication configured) is not checked.
 */
export function requireRoles(router: Router) {
  return async function checkRoles(ctx: Context, next: Next): Promise<void> {
    const roles = (ctx.state.caller as { roles?: Role[] } | undefined)?.roles;
    if (roles) {
      const layer = router.match(ctx.path, ctx.method).pathAndMethod.find((l) => l.methods.length > 0);
      if (layer && typeof layer.path === 'string') assertRole(roles, requiredRole(layer.path, ctx));
    }
    return next();
  };
}
