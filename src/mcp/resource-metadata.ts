import type { Context, Next } from 'koa';
import type { AuthConfig } from '../config.js';

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728), which MCP's authorization asks of a server:
 * an assistant that gets a 401 from /api/mcp reads here which provider issues its tokens
 * (AUTH_ISSUER) and signs the person in there. Answered at the root form and at the form for the
 * MCP endpoint's path, before the page (which would answer any other GET outside /api).
 */
export const MCP_PATH = '/api/mcp';
const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** This service's own origin as the client reached it (behind TRUST_PROXY, as the proxy says). Koa 3's ctx.origin is the Origin header. */
const selfOrigin = (ctx: Context): string => `${ctx.protocol}://${ctx.host}`;

/** The metadata's address for the MCP endpoint, as each 401 names it. */
export const resourceMetadataUrl = (ctx: Context): string => `${selfOrigin(ctx)}${WELL_KNOWN}${MCP_PATH}`;

export function protectedResourceMetadata(auth: AuthConfig) {
  return function answerMetadata(ctx: Context, next: Next): Promise<void> | void {
    if (ctx.method !== 'GET' || (ctx.path !== WELL_KNOWN && ctx.path !== WELL_KNOWN + MCP_PATH)) return next();
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = {
      resource: `${selfOrigin(ctx)}${MCP_PATH}`,
      authorization_servers: [auth.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: auth.scopes.split(' '),
      resource_name: '核价查询服务（MCP）',
      resource_documentation: `${selfOrigin(ctx)}/api/docs`,
    };
  };
}
