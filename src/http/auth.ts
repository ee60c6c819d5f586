import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import { decodeJwt, type JWTPayload } from 'jose';
import type { Context, Next } from 'koa';
import { JWT_SHAPE, type StaticToken } from '../config.js';
import { AppError } from './errors.js';
import { KeysUnavailable, TokenRefused, type JwtVerifier } from './jwt.js';
import { isRole, type Role } from './roles.js';
import { routeMatch } from './route-match.js';

/**
 * Whether a request is on one of `patterns`, as the router matches it (`routeMatch`). Any method
 * counts: a wrong method still gets its 405.
 */
export function routeMatcher(router: Router, patterns: readonly string[]): (ctx: Context) => boolean {
  return (ctx) => {
    const { paths } = routeMatch(router, ctx);
    return patterns.some((pattern) => paths.has(pattern));
  };
}

/**
 * Notes on the request the route pattern that will answer it (`ctx.state.route`), before routing,
 * so that a request refused by authentication or roles is logged and audited under its route.
 */
export function notePattern(router: Router) {
  return function notePatternOf(ctx: Context, next: Next): Promise<void> {
    const { pattern } = routeMatch(router, ctx);
    if (pattern !== undefined) ctx.state.route = pattern;
    return next();
  };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Who is calling, as later middleware (roles, rate limits, export slots, audit) may know it: never the token itself. */
export interface Caller {
  via: 'jwt' | 'token';
  /** The token's subject (`sub`, or what the provider puts in its place), or `token:<id>` for a static token. */
  subject: string;
  /** A display name, when the token carries one. */
  name: string | undefined;
  /** The 核价员 name the purchasing system writes for this person (AUTH_NAME_CLAIM), when the token carries it. */
  clerk?: string;
  /** The JWT's issuer. */
  issuer?: string;
  /** A short, stable, non-secret name of a static token (for rate-limit keys and the audit log). */
  tokenId?: string;
  roles: Role[];
}

/** Why a presented token was refused, for the audit log (src/http/audit.ts). */
export interface AuthRefusal {
  via: 'jwt' | 'token';
  reason: string;
  /** What a refused JWT claims, unverified: who tried, if anyone. */
  claimedIssuer?: string;
  claimedSubject?: string;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** Providers without `sub` in access tokens (ADFS) name the caller in one of these. */
const SUBJECT_CLAIMS = ['sub', 'oid', 'upn', 'unique_name', 'appid', 'azp', 'client_id'];
const NAME_CLAIMS = ['name', 'preferred_username', 'upn', 'unique_name', 'email'];

function firstString(payload: JWTPayload, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = payload[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The roles a token's claim holds: AUTH_ROLES_CLAIM as one claim name (which may itself contain
 * dots, as claim-type URIs do), else as a path into nested objects (Keycloak's realm_access.roles).
 * An array of names, or one string of names separated by spaces; unknown names are ignored.
 */
export function rolesOf(payload: JWTPayload, claim: string): Role[] {
  let value: unknown = payload[claim];
  if (value === undefined && claim.includes('.')) {
    value = claim
      .split('.')
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), payload);
  }
  const names = typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? value : [];
  return [...new Set(names.filter(isRole))];
}

export interface BearerAuthOptions {
  /** Verifies JWT access tokens (AUTH_ISSUER); without it every bearer is looked up in the static tokens. */
  jwt?: JwtVerifier;
  rolesClaim?: string;
  nameClaim?: string;
  /** Where a client finds how to get a token (RFC 9728), named in each 401's challenge: with company sign-in. */
  resourceMetadata?: (ctx: Context) => string;
}

/**
 * Bearer-token check. A bearer shaped like a JWT goes to the JWT check when AUTH_ISSUER is set;
 * anything else is looked up in API_TOKENS. Static tokens are compared as SHA-256 digests with
 * timingSafeEqual: digests have equal length whatever the caller sends, and every configured token
 * is compared, so the answer takes the same time whether or not a prefix matched.
 */
export function bearerAuth(tokens: readonly StaticToken[], isOpen: (ctx: Context) => boolean, options: BearerAuthOptions = {}) {
  const known = tokens.map((t) => ({ digest: digest(t.token), id: digest(`id:${t.token}`).toString('hex').slice(0, 12), roles: t.roles }));
  const { jwt, rolesClaim = 'roles', nameClaim = 'name', resourceMetadata } = options;
  const challenge = (ctx: Context, extra = '') =>
    `Bearer realm="pricing"${extra}${resourceMetadata ? `, resource_metadata="${resourceMetadata(ctx)}"` : ''}`;

  function staticCaller(presented: string): Caller | undefined {
    const presentedDigest = digest(presented);
    let caller: Caller | undefined;
    for (const token of known) {
      if (timingSafeEqual(presentedDigest, token.digest) && !caller) {
        caller = { via: 'token', subject: `token:${token.id}`, name: undefined, tokenId: token.id, roles: token.roles };
      }
    }
    return caller;
  }

  async function jwtCaller(verifier: JwtVerifier, presented: string): Promise<Caller> {
    const payload = await verifier.verify(presented);
    const subject = firstString(payload, SUBJECT_CLAIMS);
    if (!subject) throw new TokenRefused('names no subject');
    const clerk = firstString(payload, [nameClaim])?.trim();
    return {
      via: 'jwt',
      subject,
      name: firstString(payload, NAME_CLAIMS),
      ...(clerk ? { clerk } : {}),
      issuer: payload.iss,
      roles: rolesOf(payload, rolesClaim),
    };
  }

  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    // CORS preflights carry no Authorization header; @koa/cors (earlier in the chain) answers them.
    if (isOpen(ctx)) return next();
    const presented = BEARER.exec(ctx.get('Authorization'))?.[1];
    if (presented === undefined) {
      throw new AppError('UNAUTHORIZED', undefined, undefined, { 'WWW-Authenticate': challenge(ctx) });
    }
    const asJwt = jwt !== undefined && JWT_SHAPE.test(presented);
    try {
      const caller = asJwt ? await jwtCaller(jwt, presented) : staticCaller(presented);
      if (!caller) throw new TokenRefused('unknown token');
      ctx.state.caller = caller;
    } catch (err) {
      if (!(err instanceof TokenRefused) && !(err instanceof KeysUnavailable)) throw err;
      ctx.state.authRefusal = refusalOf(asJwt ? 'jwt' : 'token', err.message, asJwt ? presented : undefined);
      if (err instanceof KeysUnavailable) throw new AppError('AUTH_UNAVAILABLE', undefined, undefined, { 'Retry-After': '30' });
      throw new AppError('UNAUTHORIZED', err.expired ? '未授权：访问令牌已过期，请重新登录' : undefined, undefined, {
        'WWW-Authenticate': challenge(ctx, `, error="invalid_token"${err.expired ? ', error_description="expired"' : ''}`),
      });
    }
    return next();
  };
}

function refusalOf(via: 'jwt' | 'token', reason: string, jwt: string | undefined): AuthRefusal {
  const refusal: AuthRefusal = { via, reason };
  if (!jwt) return refusal;
  try {
    const claims = decodeJwt(jwt);
    if (typeof claims.iss === 'string') refusal.claimedIssuer = claims.iss.slice(0, 200);
    const subject = firstString(claims, SUBJECT_CLAIMS);
    if (subject) refusal.claimedSubject = subject.slice(0, 200);
  } catch {
    // Not even decodable: the reason says so.
  }
  return refusal;
}
