import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';
import { routeMatch } from './route-match.js';

/** The roles a caller may hold: reading (queries, statistics) and exporting (CSV/xlsx). */
export const ROLES = ['pricing.read', 'pricing.export'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** 403 FORBIDDEN unless the caller holds `role`. */
export function assertRole(roles: readonly Role[], role: Role | undefined): void {
  if (role && !roles.includes(role)) {
    throw new AppError('FORBIDDEN', role === 'pricing.export' ? '无权导出：需要 pricing.export 角色' : '无权访问：需要 pricing.read 角色');
  }
}

/**
 * The role check, after authentication: the caller's roles against the route's (its pattern as the
 * router matches it, the same answer routing gives; `requiredRole` is the route records' rule). A
 * request on no route gets its 404 or 405, and one without a caller (open routes, or no
 * authentication configured) is not checked.
 */
export function requireRoles(router: Router, requiredRole: (pattern: string, ctx: Context) => Role | undefined) {
  return async function checkRoles(ctx: Context, next: Next): Promise<void> {
    const roles = (ctx.state.caller as { roles?: Role[] } | undefined)?.roles;
    if (roles) {
      const { routed } = routeMatch(router, ctx);
      if (routed !== undefined) assertRole(roles, requiredRole(routed, ctx));
    }
    return next();
  };
}
