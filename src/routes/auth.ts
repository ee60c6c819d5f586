import type Router from '@koa/router';
import type { AuthConfig } from '../config.js';
import type { Caller } from '../http/auth.js';
import { ROLES } from '../http/roles.js';

/**
 * The page's sign-in: GET /api/auth/config (open) tells it whether and where to sign in;
 * GET /api/auth/me (any valid token, whatever its roles) tells it who is signed in and what they
 * may do, so that it hides the exports without `pricing.export`.
 */
export function authRoutes(router: Router, auth: AuthConfig | undefined): void {
  router.get('/auth/config', (ctx) => {
    ctx.body = auth
      ? {
          success: true,
          enabled: true,
          issuer: auth.issuer,
          clientId: auth.clientId ?? null,
          scopes: auth.scopes,
          rolesClaim: auth.rolesClaim,
        }
      : { success: true, enabled: false };
  });

  router.get('/auth/me', (ctx) => {
    const caller = ctx.state.caller as Caller | undefined;
    // No caller here means no authentication is configured at all: everyone may do everything.
    ctx.body = caller
      ? { success: true, subject: caller.subject, name: caller.name ?? null, roles: caller.roles, via: caller.via }
      : { success: true, subject: null, name: null, roles: [...ROLES], via: 'none' };
  });
}
