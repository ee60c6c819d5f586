import { AUTH_ROUTES } from './auth.js';
import { DOCS_ROUTES } from './docs.js';
import { HEALTH_ROUTES } from './health.js';
import { INFO_ROUTE } from './info.js';
import { MCP_ROUTE } from './mcp.js';
import { METRICS_ROUTE } from './metrics.js';
import { PROBE_ROUTES } from './probes.js';
import { QUERY_ROUTES } from './queries.js';
import { toolsOf } from '../mcp/tools.js';
import { infoEndpoints, type DocumentedRoute, type RouteRecord } from './records.js';

/** Every route on the router, in the order the OpenAPI document lists them. */
export const ROUTES: readonly RouteRecord[] = [
  ...QUERY_ROUTES,
  ...HEALTH_ROUTES,
  INFO_ROUTE,
  METRICS_ROUTE,
  ...AUTH_ROUTES,
  ...DOCS_ROUTES,
  MCP_ROUTE,
];

/** What the OpenAPI document describes: the routes and the probes answered before the router. */
export const DOCUMENTED_ROUTES: readonly DocumentedRoute[] = [...ROUTES, ...PROBE_ROUTES];

/** The MCP tools: one per record that declares one. */
export const TOOLS = toolsOf(ROUTES);

/** The six operations exactly as the info route lists them (export, docs and metrics are not listed). */
export const ENDPOINTS = infoEndpoints(ROUTES);
