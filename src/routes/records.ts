import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import type { AuthConfig } from '../config.js';
import type { ExportOperation } from '../export/operations.js';
import type { ExportDeps } from '../export/send.js';
import { requestedExportFormat } from '../export/format.js';
import type { ErrorCode } from '../http/errors.js';
import type { Role } from '../http/roles.js';
import { validate } from '../http/validate.js';
import type { Logger } from '../logger.js';
import type { QueryDeps } from '../queries/deps.js';

/** Every route is under it; a record's path is written without it, as the router registers it. */
export const API_PREFIX = '/api';

/**
 * Who may call a route once API_TOKENS or AUTH_ISSUER is set. `open`: no token, and not rate-limited
 * (the contract's open routes: they never touch the database); `any-role`: any valid token, whatever
 * its roles; `read`: the pricing.read role. Everything else, unknown paths included, needs a token,
 * so that an anonymous caller cannot even probe which paths exist.
 */
export type Access = 'open' | 'any-role' | 'read';

export type DocTag = '查询' | '运维' | '文档' | '认证' | 'AI 助手';

/** What the OpenAPI document says of a route beyond what the record itself holds (src/openapi.ts builds it). */
export interface RouteDoc {
  operationId: string;
  tag: DocTag;
  /** Defaults to the record's `info`. */
  summary?: string;
  /** For a record with `export`, src/openapi.ts writes the description of the export. */
  description?: string;
  /** The JSON body: its component's name and description, what it is for, and the docs page's "Try it out" example. */
  body?: { id: string; about: string; description: string; example: object };
  params?: z.ZodObject;
  /** The 200 answer: a JSON schema, or schemas by media type. */
  response: { description: string; json?: z.ZodType; content?: Record<string, z.ZodType> };
  /** Beyond those of every POST (src/openapi.ts) and of an export. */
  errors: readonly ErrorCode[];
  /** The route queries the database: its answers carry Server-Timing. */
  queries?: boolean;
}

/** A route as the OpenAPI document knows it; the probes are only this (they are answered before the router). */
export interface DocumentedRoute {
  method: 'get' | 'post';
  path: string;
  access: Access;
  /** The two list operations: a CSV or xlsx file of every matching row when Accept asks for one. */
  export?: ExportOperation<never>;
  /** Another answer that is also a CSV or xlsx file when Accept asks for one (the priced BOM): its file title. */
  file?: { title: string };
  /** The description the info route lists, for the contract's six operations only. */
  info?: string;
  /** The request body's schema: the handler gets the validated body (a bad one is a 400 before it runs). */
  body?: z.ZodType;
  /** A read operation offered to AI assistants as an MCP tool (src/mcp/tools.ts derives it). */
  tool?: ToolDoc;
  doc: RouteDoc;
}

/** What the handlers need, built once by src/app.ts. */
export interface RouteDeps {
  query: QueryDeps;
  exports: ExportDeps;
  logger: Logger;
  checkTimeoutMs: number;
  auth: AuthConfig | undefined;
  /** What the page shows as configured (the settings route). */
  settings: { companyName: string | undefined; timeZone: string };
  registry: Registry;
  /** The JSON body parser a POST goes through, for bodies of at most BODY_LIMIT or `atLeast` bytes. */
  jsonBody: (atLeast?: number) => Middleware;
  /** The six operations as the info route lists them, and the OpenAPI document: both built from the records. */
  endpoints: Readonly<Record<string, string>>;
  openApiDocument: () => object;
  /** Answers an MCP request (src/mcp/server.ts), its tools derived from these records. */
  mcp: (ctx: Context) => Promise<void>;
}

/** What a record adds to become an MCP tool (src/mcp/tools.ts): what the clerk would ask it, and a line on its answer. */
export interface ToolDoc {
  /** In Chinese and English: what it answers, and a question a clerk would ask it. */
  description: string;
  /** A short Chinese summary of an answer's data (the list operations have one of their own). */
  summary?: (data: never, args: Record<string, unknown>) => string;
}

export interface RouteRecord<Body = unknown> extends DocumentedRoute {
  /** A body this route needs room for whatever BODY_LIMIT says (a BOM of 2,000 lines). */
  bodyBytes?: number;
  body?: z.ZodType<Body>;
  handler(ctx: RouterContext, deps: RouteDeps, body: Body): Promise<void> | void;
}

/** A record whose handler's body is typed by its schema. */
export function route<Body>(record: RouteRecord<Body>): RouteRecord {
  return record;
}

/** The route's pattern as the router matches it, prefix included ('/' is the prefix itself). */
export function patternOf(record: DocumentedRoute): string {
  return record.path === '/' ? API_PREFIX : API_PREFIX + record.path;
}

export function mountRoutes(router: Router, records: readonly RouteRecord[], deps: RouteDeps): void {
  for (const record of records) {
    const handle = (ctx: RouterContext) => record.handler(ctx, deps, record.body ? validate(record.body, ctx.request.body) : undefined);
    if (record.method === 'post') router.post(record.path, deps.jsonBody(record.bodyBytes), handle);
    else router.get(record.path, handle);
  }
}

/** The info route's `endpoints`: the records with an `info`, in their order. */
export function infoEndpoints(records: readonly DocumentedRoute[]): Record<string, string> {
  return Object.fromEntries(records.flatMap((r) => (r.info ? [[`${r.method.toUpperCase()} ${patternOf(r)}`, r.info]] : [])));
}

export function openPatterns(records: readonly DocumentedRoute[]): string[] {
  return records.filter((r) => r.access === 'open').map(patternOf);
}

/** The role a request on a route pattern needs (src/http/roles.ts asks it after authentication). */
export function roleRule(records: readonly DocumentedRoute[]): (pattern: string, ctx: Context) => Role | undefined {
  const byPattern = new Map(records.map((r) => [patternOf(r), r]));
  return (pattern, ctx) => {
    const record = byPattern.get(pattern);
    if (record?.access === 'open' || record?.access === 'any-role') return undefined;
    if ((record?.export || record?.file) && requestedExportFormat(ctx)) return 'pricing.export';
    return 'pricing.read';
  };
}
